import CasebookPostgres
import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// The hosts of a URL walked as libpq walks them, against real servers started by the tests —
/// a writable one, one whose sessions are read-only (as a standby's are), and a port nobody
/// listens on: the first host of the kind asked for is kept, the others said why not, and when
/// none will do the error names every host tried.
@Suite("Walking a database URL's hosts")
struct PostgresHostWalkTests {
    /// A server of its own whose sessions are read-only, for `read-write` to pass over.
    static let readOnly: Result<PostgresCluster, any Error> = Result {
        let cluster = try PostgresCluster.makeOwn()
        try cluster.turnReadOnly()
        return cluster
    }

    /// How long each host may take to answer here: the walk's 5 seconds are for a server in
    /// use, and these servers start with every other suite at once, on two cores.
    static let patience: Duration = .seconds(60)

    /// `postgres://casebook@HOSTS/postgres?sslmode=disable&target_session_attrs=KIND`.
    static func url(_ ports: [Int], _ kind: String) throws -> DatabaseURL {
        let hosts = ports.map { "127.0.0.1:\($0)" }.joined(separator: ",")
        return try DatabaseURL(
            "postgres://casebook@\(hosts)/postgres?sslmode=disable&target_session_attrs=\(kind)")
    }

    @Test func readWriteKeepsTheFirstHostThatAcceptsWritesPassingOverTheOthers() async throws {
        let (primary, readOnly) = (try PostgresCluster.shared, try Self.readOnly.get())
        let dead = try FreePort.find()
        let url = try Self.url([dead, readOnly.port, primary.port], "read-write")
        let chosen = try await PostgresHostWalk.choose(url, within: Self.patience)
        #expect(chosen.endpoints == [DatabaseURL.Endpoint(host: "127.0.0.1", port: primary.port)])
        #expect(chosen.user == "casebook" && chosen.database == "postgres")
    }

    @Test func primaryAndAnyKeepTheFirstServerThatIsUpAndNotInRecovery() async throws {
        let (primary, readOnly) = (try PostgresCluster.shared, try Self.readOnly.get())
        let dead = try FreePort.find()
        // Read-only sessions, but not a standby: a primary, and the first that is up.
        for kind in ["primary", "any"] {
            let chosen = try await PostgresHostWalk.choose(
                try Self.url([dead, readOnly.port, primary.port], kind), within: Self.patience)
            #expect(chosen.port == readOnly.port, "\(kind)")
        }
    }

    @Test func whenNoHostWillDoTheErrorNamesEveryHostTriedAndWhy() async throws {
        let readOnly = try Self.readOnly.get()
        let dead = try FreePort.find()
        let url = try Self.url([dead, readOnly.port], "read-write")
        await #expect {
            _ = try await PostgresHostWalk.choose(url, within: Self.patience)
        } throws: { error in
            let text = "\(error)"
            return text.contains("no host accepts writes")
                && text.contains("127.0.0.1:\(dead) (Connection refused)")
                && text.contains("127.0.0.1:\(readOnly.port) (its sessions are read-only)")
        }
    }

    /// One host and any server: nothing to walk, no connection made.
    @Test func oneHostOfAnyKindIsKeptAsItIs() async throws {
        let url = try DatabaseURL("postgres://casebook@127.0.0.1:1/postgres?sslmode=disable")
        #expect(try await PostgresHostWalk.choose(url) == url)
    }
}
