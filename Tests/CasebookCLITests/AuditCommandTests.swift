import CasebookTestSupport
import Foundation
import Testing

/// `casebook audit`: what was done to users and tokens, from the command line as from the
/// browser, newest first; `--json`, one object a line, for a log shipper.
@Suite("casebook audit")
struct AuditCommandTests {
    @Test func theCommandLinesChangesAreInTheLogNewestFirst() throws {
        let directory = try TemporaryDirectory()
        let data = ["--data", directory.url.appendingPathComponent("data").path]
        let environment = ["USER": "operator", "CASEBOOK_PASSWORD_COST": "4"]
        for arguments in [
            ["user", "add", "ada", "--role", "admin"], ["user", "add", "sam"],
            ["user", "role", "sam", "surveyor"],
        ] {
            let result = try CasebookExecutable.run(
                arguments + data, input: "correct horse\n", environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let made = try CasebookExecutable.run(
            ["token", "create", "--user", "sam", "--name", "laptop"] + data,
            environment: environment)
        let secret = made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = try CasebookExecutable.run(["audit", "--json"] + data).standardOutput
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let entries = try lines.map {
            try #require(
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(
            entries.map { $0["action"] as? String } == [
                "token-made", "role-changed", "user-added", "user-added",
            ])
        #expect(entries.map { $0["subject"] as? String }.suffix(3) == ["sam", "sam", "ada"])
        #expect(entries[1]["detail"] as? String == "→ surveyor")
        #expect(entries[0]["actor"] as? String == "operator (command line)")
        #expect(entries.map { $0["number"] as? Int } == [4, 3, 2, 1])
        #expect(!lines.joined().contains(secret), "no token's secret")
        #expect(!lines.joined().contains("correct horse"), "no password")
        let text = try CasebookExecutable.run(["audit", "--limit", "2"] + data).standardOutput
        #expect(text.split(separator: "\n").count == 3)
        #expect(text.hasPrefix("#"))
        #expect(text.contains("role-changed"))
        #expect(!text.contains("user-added"))
        // By action and by person: what ada had done to her, what the operator did.
        let added = try CasebookExecutable.run(
            ["audit", "--json", "--action", "user-added", "--user", "ada"] + data
        ).standardOutput
        #expect(added.split(separator: "\n").count == 1)
        #expect(added.contains(#""subject":"ada""#))
        let byOperator = try CasebookExecutable.run(["audit", "--user", "operator"] + data)
        #expect(byOperator.standardOutput.split(separator: "\n").count == 5)
        let unknown = try CasebookExecutable.run(["audit", "--action", "dancing"] + data)
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("--action is one of sign-in, "))
    }
}
