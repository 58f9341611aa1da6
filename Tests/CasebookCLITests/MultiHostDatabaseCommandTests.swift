import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The CLI and the server given a database URL of several hosts: they use the first that
/// accepts writes, passing over one nobody answers on; when none answers, the command fails
/// naming every host it tried.
@Suite("casebook on a database URL with several hosts")
struct MultiHostDatabaseCommandTests {
    /// `url` (one host) with a host nobody listens on before it, keeping the one that accepts
    /// writes.
    static func behindADeadHost(_ url: String, dead: Int) -> String {
        url.replacingOccurrences(of: "@", with: "@127.0.0.1:\(dead),")
            + "&target_session_attrs=read-write"
    }

    @Test func theCommandsAndTheServerUseTheHostThatAcceptsWrites() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        let url = Self.behindADeadHost(database, dead: try FreePort.find())
        let added = try CasebookExecutable.run([
            "diary", "add", "Failover ready", "--database", url,
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let listed = try CasebookExecutable.run(["diary", "list", "--database", database])
        #expect(listed.standardOutput.contains("Failover ready"))

        let server = try ServerProcess(arguments: ["--database", url])
        defer { server.stop() }
        let (body, response) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("health"))
        #expect(
            (response as? HTTPURLResponse)?.statusCode == 200,
            "\(String(decoding: body, as: UTF8.self))")
    }

    @Test func whenNoHostAnswersTheCommandNamesEveryHostItTried() throws {
        let (first, second) = (try FreePort.find(), try FreePort.find())
        let url =
            "postgres://casebook@127.0.0.1:\(first),127.0.0.1:\(second)/casebook?sslmode=disable"
        let result = try CasebookExecutable.run(["diary", "list", "--database", url])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("127.0.0.1:\(first) (Connection refused)"))
        #expect(result.standardError.contains("127.0.0.1:\(second) (Connection refused)"))
        #expect(result.standardError.contains("no host answers"))
    }
}
