import CasebookTestSupport
import Foundation
import Testing

/// `casebook diary … --server URL` with a token (or `$CASEBOOK_SERVER` and `$CASEBOOK_TOKEN`):
/// every diary command through a real server's API, on the diary the token's user sees, with
/// the output the same command gives on the server's own machine with `--user`.
@Suite("casebook diary --server", .serialized)
struct DiaryServerCommandTests {
    let data: TemporaryDirectory
    let server: ServerProcess
    let token: String

    init() throws {
        data = try TemporaryDirectory()
        let added = try CasebookExecutable.run(
            ["user", "add", "dee", "--role", "diarist", "--data", data.url.path],
            input: "correct horse\n")
        #expect(added.status == 0)
        token = try CasebookExecutable.run(
            ["token", "create", "--user", "dee", "--data", data.url.path]
        ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        server = try ServerProcess(dataDirectory: data.url, ownsDataDirectory: false)
    }

    private func remote(_ arguments: [String], input: String = "") throws
        -> CasebookExecutable.Result
    {
        try CasebookExecutable.run(
            ["diary"] + arguments + ["--server", server.url.absoluteString, "--token", token],
            input: input, environment: ["TZ": "Europe/Rome"])
    }

    private func local(_ arguments: [String]) throws -> CasebookExecutable.Result {
        try CasebookExecutable.run(
            ["diary"] + arguments + ["--user", "dee", "--data", data.url.path],
            environment: ["TZ": "Europe/Rome"])
    }

    @Test func everyDiaryCommandWorksOnTheTokensDiaryWithTheSameOutput() throws {
        defer { server.stop() }
        let added = try remote(["add", "a walk by the #sea"])
        #expect(added.status == 0, "\(added.standardError)")
        let id = String(added.standardOutput.dropFirst("added ".count).prefix(36))
        #expect(try remote(["add", "a quiet #home day"]).status == 0)
        #expect(try remote(["star", String(id.prefix(6))]).status == 0)

        for command in [
            ["list"], ["list", "--json"], ["list", "--search", "walk"], ["list", "--tag", "home"],
            ["list", "--starred"], ["list", "--from", "today", "--to", "today"],
            ["show", String(id.prefix(8))], ["tags"], ["export", "--format", "jrnl"],
        ] {
            let there = try remote(command)
            let here = try local(command)
            #expect(there.status == 0, "\(command): \(there.standardError)")
            #expect(there.standardOutput == here.standardOutput, "\(command)")
            #expect(!there.standardOutput.isEmpty, "\(command)")
        }

        #expect(try remote(["edit", id, "a long walk by the #sea"]).status == 0)
        #expect(try local(["show", id]).standardOutput.hasSuffix("a long walk by the #sea\n"))
        #expect(try remote(["rm", id]).standardOutput == "removed \(id)\n")
        #expect(try local(["trash"]).standardOutput == (try remote(["trash"])).standardOutput)
        #expect(try remote(["restore", id]).status == 0)
        #expect(try local(["list"]).standardOutput.contains(id))
    }

    @Test func anExportImportedThroughTheServerKeepsIDsAndDatesAndComesOnce() throws {
        defer { server.stop() }
        let file = data.appending("diary.json").path
        let exported = #"""
            {"entries": [
              {"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2020-02-29T23:59:59.400Z", "text": "leap"},
              {"id": "0f0e0d0c-0b0a-4900-8800-000000000002", "date": "2021-03-01T08:00:00.000Z", "text": "spring"}
            ]}
            """#
        try exported.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try remote(["import", file]).standardOutput == "imported 2, already there 0\n")
        #expect(try remote(["import", file]).standardOutput == "imported 0, already there 2\n")
        let listed = try local(["list", "--json"]).standardOutput
        #expect(listed.contains(#""date" : "2020-02-29T23:59:59.400Z""#))
    }

    @Test func theServerAndTokenMayComeFromTheEnvironment() throws {
        defer { server.stop() }
        let added = try CasebookExecutable.run(
            ["diary", "add", "from the environment"],
            environment: ["CASEBOOK_SERVER": server.url.absoluteString, "CASEBOOK_TOKEN": token])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(try local(["list"]).standardOutput.contains("from the environment"))
    }

    @Test func withoutATokenTheServerSaysWhatIsMissing() throws {
        defer { server.stop() }
        let refused = try CasebookExecutable.run(
            ["diary", "list", "--server", server.url.absoluteString])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("wants a token"))
        #expect(refused.standardError.contains("--token"))
    }

    @Test func aServerThatIsNotThereIsNamed() throws {
        server.stop()
        let port = try FreePort.find()
        let refused = try CasebookExecutable.run(
            ["diary", "list", "--server", "http://127.0.0.1:\(port)", "--token", token])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("cannot reach the server at http://127.0.0.1:\(port)"))
    }

    @Test(arguments: [
        (["--user", "dee"], "--user"), (["--server", "ftp://example.com"], "--server"),
        (["--database", "postgres://u@127.0.0.1/db"], "--database"),
    ])
    func aServerWithAnotherDiaryOrNoServerIsRefusedBeforeAnything(
        extra: [String], named: String
    ) throws {
        defer { server.stop() }
        let arguments =
            extra.first == "--server"
            ? ["diary", "list"] + extra
            : ["diary", "list", "--server", server.url.absoluteString] + extra
        let refused = try CasebookExecutable.run(arguments + ["--token", token])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains(named), "\(refused.standardError)")
    }

    @Test func aTokenIsNeverSentInClearTextToAnotherMachine() throws {
        defer { server.stop() }
        let refused = try CasebookExecutable.run(
            ["diary", "list", "--server", "http://diary.example.com", "--token", token])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("clear text"))
    }
}
