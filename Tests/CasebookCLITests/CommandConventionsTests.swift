import CasebookTestSupport
import Foundation
import Testing

/// The command line's manners, as git and gh have them: a mistyped command gets "did you mean",
/// `help` of no command is an error, `--version` says what a bug report needs, tables have
/// headers, `--json` prints the objects whole, and a command that only reads says so when the
/// data directory it is given is not there, instead of making an empty one.
@Suite("Command-line conventions")
struct CommandConventionsTests {
    let data: TemporaryDirectory

    init() throws { data = try TemporaryDirectory() }

    /// An option given empty (`--data "$DIR"` with `DIR` unset), or one that means nothing
    /// without another, is an error, never the default data directory used in its place or
    /// the option dropped without a word.
    @Test(arguments: [
        (["diary", "list", "--data", ""], "Error: --data is empty: give the data directory"),
        (["serve", "--data", ""], "Error: --data is empty: give the data directory"),
        (
            ["serve", "--host", ""],
            "Error: --host takes an address (such as 127.0.0.1, 0.0.0.0 or ::) or a host name, without a port, not ''"
        ),
        (
            ["serve", "--host", "[::1]"],
            "Error: --host takes an IPv6 address without brackets (::1), not '[::1]'"
        ),
        (
            ["serve", "--host", "0.0.0.0:80"],
            "Error: --host takes an address (such as 127.0.0.1, 0.0.0.0 or ::) or a host name, without a port, not '0.0.0.0:80'"
        ),
        (
            ["user", "list", "--database-password-file", "/nonexistent/pw"],
            "Error: --database-password-file is given without --database (or $CASEBOOK_DATABASE_URL)"
        ),
    ])
    func anEmptyOrLoneOptionIsRefused(arguments: [String], message: String) throws {
        let result = try CasebookExecutable.run(
            arguments, environment: ["CASEBOOK_DATA": data.url.path])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(message + "\n"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.url.path).isEmpty)
    }

    /// A database URL from the environment is named as coming from there.
    @Test func aBadDatabaseURLFromTheEnvironmentIsNamedAsSuch() throws {
        let result = try CasebookExecutable.run(
            ["user", "list"],
            environment: ["CASEBOOK_DATA": data.url.path, "CASEBOOK_DATABASE_URL": "garbage"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: $CASEBOOK_DATABASE_URL: the database URL must start with postgres://"),
            "\(result.standardError)")
    }

    @Test(arguments: [
        (["diray", "list"], "casebook: 'diray' is not a casebook command; did you mean 'diary'?"),
        (["diary", "lst"], "casebook diary: 'lst' is not a diary command; did you mean 'list'?"),
        (["tokn"], "casebook: 'tokn' is not a casebook command; did you mean 'token'?"),
        (["zebra"], "casebook: 'zebra' is not a casebook command"),
        (["help", "nope"], "casebook help: 'nope' is not a casebook command"),
        (
            ["help", "diary", "lsit"],
            "casebook help: 'lsit' is not a diary command; did you mean 'list'?"
        ),
    ])
    func aMistypedCommandGetsDidYouMeanAndStatus64(arguments: [String], message: String) throws {
        let result = try CasebookExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError == message + "\nSee 'casebook --help'.\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpOfARealCommandStillSucceeds() throws {
        let result = try CasebookExecutable.run(["help", "diary", "list"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: casebook diary list"))
    }

    @Test func theVersionSaysWhatABugReportNeeds() throws {
        let result = try CasebookExecutable.run(["--version"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "casebook 0.7.0")
        #expect(lines.contains { $0.hasPrefix("Swift 6.") })
        #expect(lines.contains { $0 == "debug build" || $0 == "release build" })
        #expect(lines.contains { $0.hasPrefix("Linux ") || $0.hasPrefix("macOS ") })
        #expect(lines.contains { $0.hasPrefix("commit ") })
    }

    @Test(arguments: [
        ["diary", "list"], ["diary", "show", "abcd"], ["diary", "rm", "abcd"], ["user", "list"],
        ["token", "list"], ["token", "revoke", "abcd1234"], ["user", "rm", "ada"],
    ])
    func aCommandThatReadsDoesNotMakeAMissingDataDirectory(arguments: [String]) throws {
        let missing = data.url.appendingPathComponent("not-here")
        let result = try CasebookExecutable.run(arguments + ["--data", missing.path])
        #expect(result.status == 1)
        // The diary's commands name themselves "diary" in their messages, as they always have.
        let command = arguments[0] == "diary" ? "diary" : arguments.prefix(2).joined(separator: " ")
        #expect(
            result.standardError
                == "casebook \(command): there is no data directory at \(missing.path) (a command that adds something makes it)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func usersAndTokensAreTablesWithHeadersOrJSON() throws {
        let environment = ["CASEBOOK_PASSWORD_COST": "4"]
        let root = ["--data", data.url.path]
        _ = try CasebookExecutable.run(
            ["user", "add", "ada", "--role", "admin"] + root, input: "correct horse\n",
            environment: environment)
        let made = try CasebookExecutable.run(
            ["token", "create", "--user", "ada", "--name", "laptop"] + root)
        #expect(made.status == 0)
        let users = try CasebookExecutable.run(["user", "list"] + root)
        let userLines = users.standardOutput.split(separator: "\n")
        #expect(
            userLines.first?.split(separator: " ", omittingEmptySubsequences: true) == [
                "NAME", "ROLE", "ADDED",
            ])
        #expect(userLines.count == 2 && userLines[1].hasPrefix("ada   admin  "))
        let usersJSON = try CasebookExecutable.run(["user", "list", "--json"] + root)
        let userObjects = try #require(
            try JSONSerialization.jsonObject(with: Data(usersJSON.standardOutput.utf8))
                as? [[String: Any]])
        #expect(userObjects.count == 1)
        #expect(userObjects[0]["name"] as? String == "ada")
        #expect(userObjects[0]["role"] as? String == "admin")
        #expect((userObjects[0]["createdAt"] as? String)?.hasSuffix("Z") == true)

        let tokens = try CasebookExecutable.run(["token", "list"] + root)
        let tokenLines = tokens.standardOutput.split(separator: "\n")
        #expect(
            tokenLines.first?.split(separator: " ", omittingEmptySubsequences: true) == [
                "ID", "USER", "STATE", "EXPIRES", "LABEL",
            ])
        #expect(
            tokenLines.count == 2 && tokenLines[1].contains("active")
                && tokenLines[1].hasSuffix("laptop"))
        let tokensJSON = try CasebookExecutable.run(["token", "list", "--json"] + root)
        let tokenObjects = try #require(
            try JSONSerialization.jsonObject(with: Data(tokensJSON.standardOutput.utf8))
                as? [[String: Any]])
        #expect(tokenObjects.count == 1)
        #expect(tokenObjects[0]["user"] as? String == "ada")
        #expect(tokenObjects[0]["label"] as? String == "laptop")
        #expect(tokenObjects[0]["state"] as? String == "active")
        #expect(tokenObjects[0]["expiresAt"] is NSNull)
        #expect(!tokensJSON.standardOutput.contains("cbt_"), "never a secret")
        let none = try CasebookExecutable.run(["token", "list", "--user", "nobody"] + root)
        #expect(none.standardOutput.split(separator: "\n").count == 1, "the header alone")
        let noneJSON = try CasebookExecutable.run(
            ["token", "list", "--user", "nobody", "--json"] + root)
        #expect(noneJSON.standardOutput == "[]\n")
    }
}
