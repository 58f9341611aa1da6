import CasebookPostgres
import Testing

/// A database URL with several hosts, as libpq reads one: the hosts tried in order, each with
/// its port (5432 when left out), and `target_session_attrs` saying which one to keep —
/// `read-write` (accepts writes), `primary` (not in recovery) or `any`; the kinds that would
/// send Casebook's writes to a standby are refused, saying why.
@Suite("A database URL with several hosts")
struct MultiHostDatabaseURLTests {
    @Test func listsEveryHostWithItsPortInOrder() throws {
        let url = try DatabaseURL(
            "postgres://casebook@db1:5433,db2,[::1]:5434/casebook?target_session_attrs=read-write")
        #expect(
            url.endpoints == [
                DatabaseURL.Endpoint(host: "db1", port: 5433),
                DatabaseURL.Endpoint(host: "db2", port: 5432),
                DatabaseURL.Endpoint(host: "::1", port: 5434),
            ])
        #expect(url.host == "db1" && url.port == 5433)
        #expect(url.targetSessionAttributes == .readWrite)
        #expect(url.user == "casebook" && url.database == "casebook")
        #expect(
            url.description
                == "postgres://casebook@db1:5433,db2:5432,[::1]:5434/casebook?target_session_attrs=read-write"
        )
        #expect(url.addresses == "db1:5433, db2:5432, [::1]:5434")
    }

    /// An IPv6 address first, or a host whose port is left empty (libpq's default, 5432).
    @Test func anIPv6AddressFirstAndAnEmptyPortAreReadAsLibpqReadsThem() throws {
        let url = try DatabaseURL("postgres://a@[::1]:5433,h2:/db")
        #expect(
            url.endpoints == [
                DatabaseURL.Endpoint(host: "::1", port: 5433),
                DatabaseURL.Endpoint(host: "h2", port: 5432),
            ])
        #expect(url.addresses == "[::1]:5433, h2:5432")
    }

    @Test func oneIPv6HostIsReadWithoutItsBrackets() throws {
        let url = try DatabaseURL("postgres://a@[::1]:5433/db")
        #expect(url.host == "::1" && url.port == 5433)
        #expect(url.description == "postgres://a@[::1]:5433/db")
    }

    @Test func oneHostIsAsBeforeAndTakesAnyServer() throws {
        let url = try DatabaseURL("postgres://ada:pw@db.example:6543/casebook?sslmode=disable")
        #expect(url.endpoints == [DatabaseURL.Endpoint(host: "db.example", port: 6543)])
        #expect(url.targetSessionAttributes == .any)
        #expect(url.password == "pw")
        #expect(url.description == "postgres://ada@db.example:6543/casebook")
    }

    @Test(
        arguments: [("any", .any), ("read-write", .readWrite), ("primary", .primary)]
            as [(String, DatabaseURL.TargetSessionAttributes)])
    func readsWhichServerToKeep(text: String, attributes: DatabaseURL.TargetSessionAttributes)
        throws
    {
        let url = try DatabaseURL("postgres://a@h1,h2/db?target_session_attrs=\(text)")
        #expect(url.targetSessionAttributes == attributes)
    }

    @Test(arguments: [
        ("postgres://a@h1,h2/db?target_session_attrs=read-only", "read-only"),
        ("postgres://a@h1,h2/db?target_session_attrs=prefer-standby", "prefer-standby"),
        ("postgres://a@h1,h2/db?target_session_attrs=standby", "standby"),
    ])
    func refusesTheKindsThatWouldSendWritesToAStandby(text: String, kind: String) {
        #expect {
            try DatabaseURL(text)
        } throws: { error in
            let problem = "\(error)"
            return problem.contains("target_session_attrs=\(kind)")
                && problem.contains("writes") && problem.contains("read-write, primary or any")
        }
    }

    @Test(arguments: [
        ("postgres://a@h1,,h2/db", "names an empty host (the 2nd)"),
        ("postgres://a@h1,h2:99999/db", "has port 99999, which is not between 1 and 65535"),
        ("postgres://a@h1,h2:x/db", "has a port that is not a number: x"),
        ("postgres://a@h1,[::1/db", "has an IPv6 address without its ]"),
        ("postgres://a@h1,h2/db?target_session_attrs=maybe", "has an unknown target_session_attrs"),
        (
            "postgres://a@" + Array(repeating: "h", count: 65).joined(separator: ",") + "/db",
            "names more than 64 hosts"
        ),
    ])
    func aBadHostListIsRefusedNamingWhatIsWrong(text: String, problem: String) {
        #expect {
            try DatabaseURL(text)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }
}
