import CasebookTestSupport
import Foundation
import Testing

/// Users and tokens from the command line, and a token carried by `survey sync` to a server
/// that has users.
@Suite("casebook user and casebook token")
struct UserAndTokenCommandTests {
    let data: TemporaryDirectory

    init() throws { data = try TemporaryDirectory() }

    func casebook(_ arguments: [String], input: String = "", environment: [String: String] = [:])
        throws -> CasebookExecutable.Result
    {
        try CasebookExecutable.run(
            arguments + ["--data", data.url.path], input: input, environment: environment)
    }

    /// Taking away the last admin (by a role or by removal) while other users remain is done,
    /// and said: nobody is left to manage the users, review respondents or read the documents.
    @Test func takingAwayTheLastAdminIsSaid() throws {
        let note =
            "no admin is left: nobody may manage the users, review respondents or read the documents until one is made (casebook user role NAME admin)"
        _ = try casebook(["user", "add", "ada", "--role", "admin"], input: "correct horse\n")
        _ = try casebook(["user", "add", "dee", "--role", "diarist"], input: "correct horse\n")
        let demoted = try casebook(["user", "role", "ada", "diarist"])
        #expect(demoted.status == 0)
        #expect(demoted.standardError == "casebook user role: \(note)\n")
        let quiet = try casebook(["user", "role", "dee", "surveyor"])
        #expect(quiet.standardError.isEmpty)
        _ = try casebook(["user", "role", "ada", "admin"])
        let removed = try casebook(["user", "rm", "ada"])
        #expect(removed.status == 0)
        #expect(removed.standardError.contains("casebook user rm: \(note)\n"))
    }

    /// A user disabled from the command line is listed so, and enabled again; disabling the
    /// last enabled admin is done, and said, as a demotion is; an unknown name is refused.
    @Test func disablesAndEnablesAUser() throws {
        _ = try casebook(["user", "add", "ada", "--role", "admin"], input: "correct horse\n")
        _ = try casebook(["user", "add", "dee"], input: "correct horse\n")
        let disabled = try casebook(["user", "disable", "dee"])
        #expect(disabled.status == 0)
        #expect(
            disabled.standardOutput
                == "dee is disabled: their signed-in sessions have ended, and their API tokens are refused until `casebook user enable dee`\n"
        )
        #expect(try casebook(["user", "list"]).standardOutput.contains("diarist (disabled)"))
        #expect(
            try casebook(["user", "list", "--json"]).standardOutput.contains(#""disabled" : true"#))
        #expect(
            try casebook(["user", "disable", "dee"]).standardOutput == "dee is disabled already\n")
        let enabled = try casebook(["user", "enable", "dee"])
        #expect(enabled.standardOutput.hasPrefix("dee is enabled"))
        #expect(!(try casebook(["user", "list"]).standardOutput.contains("disabled")))
        let lastAdmin = try casebook(["user", "disable", "ada"])
        #expect(lastAdmin.status == 0)
        #expect(lastAdmin.standardError.hasPrefix("casebook user disable: no admin is left"))
        let unknown = try casebook(["user", "disable", "nobody"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "casebook user disable: there is no user named 'nobody'\n")
    }

    @Test func addsListsChangesAndRemovesUsersWithPasswordsFromStandardInput() throws {
        let added = try casebook(
            ["user", "add", "ada", "--role", "admin"], input: "correct horse\n")
        #expect(added.status == 0)
        #expect(added.standardOutput == "added ada (admin)\n")
        let listed = try casebook(["user", "list"])
        #expect(listed.standardOutput.hasPrefix("NAME  ROLE   ADDED\nada   admin  "))
        let stored = try String(
            contentsOf: data.appending("users.sqlite"), encoding: .isoLatin1)
        #expect(!stored.contains("correct horse"), "only a hash is kept")
        #expect(try casebook(["user", "passwd", "ada"], input: "battery staple\n").status == 0)
        let again = try casebook(["user", "add", "ada"], input: "correct horse\n")
        #expect(again.status == 1)
        #expect(again.standardError == "casebook user add: there is already a user named 'ada'\n")
        let short = try casebook(["user", "add", "bob"], input: "short\n")
        #expect(
            short.standardError == "casebook user add: the password must be at least 8 bytes long\n"
        )
        #expect(try casebook(["user", "rm", "ada"]).standardOutput == "removed ada\n")
        #expect(try casebook(["user", "list"]).standardOutput == "NAME  ROLE  ADDED\n")
    }

    /// Removing a user keeps what they saved, and says so, with who would have it again: a
    /// user added later under the same name.
    @Test func removingAUserSaysWhatTheySavedStaysAndWhoWouldHaveIt() throws {
        #expect(try casebook(["user", "add", "dee"], input: "correct horse\n").status == 0)
        let removed = try casebook(["user", "rm", "dee"])
        #expect(removed.standardOutput == "removed dee\n")
        #expect(
            removed.standardError
                == "casebook user rm: what dee saved stays (their diary, preferences and the "
                + "respondents they sent): a user added as dee will have it\n")
    }

    /// The token is printed once; a server with users refuses a sync without it, and takes
    /// one with it (from --token or CASEBOOK_TOKEN); a revoked token is refused again.
    /// A password is text: one from standard input that is not UTF-8 is refused, naming the
    /// byte, never kept with U+FFFD in place of its bytes (which no browser could then send).
    @Test(arguments: [
        (["user", "add", "ada"], "user add"),
        (["preference", "set", "save", "--username", "ada"], "preference"),
    ])
    func aPasswordThatIsNotUTF8IsRefused(arguments: [String], command: String) throws {
        let result = try CasebookExecutable.run(
            arguments + ["--data", data.url.path],
            inputData: Data([0x70, 0x61, 0x80] + Array("ssword123\n".utf8)))
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook \(command): the password is not valid UTF-8 text (its byte 3 is 0x80)\n"
        )
        #expect(!(try casebook(["user", "list"]).standardOutput.contains("ada")))
    }

    /// A name that cannot name a user is shown with its control characters escaped, as every
    /// message of `casebook` shows outside text: a terminal is never sent a command.
    @Test func aBadNameIsShownWithItsControlCharactersEscaped() throws {
        let result = try CasebookExecutable.run(
            ["user", "add", "x\u{1B}[2Jy", "--data", data.url.path], input: "pw12345678\n")
        #expect(result.status == 64)
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardError.contains("'x\\033[2Jy' cannot name a user"))
    }

    /// What a user saved is listed with its control characters escaped, as `diary list` lists
    /// an entry: a token's label, a remembered username.
    @Test func savedTextIsListedWithItsControlCharactersEscaped() throws {
        #expect(try casebook(["user", "add", "ada"], input: "correct horse\n").status == 0)
        #expect(
            try casebook(["token", "create", "--user", "ada", "--name", "lap\u{1B}[2Jtop"]).status
                == 0)
        let listed = try casebook(["token", "list"]).standardOutput
        #expect(!listed.contains("\u{1B}"))
        #expect(listed.contains("lap\\033[2Jtop"))
        let saved = try casebook(
            ["preference", "set", "save", "--username", "a\u{1B}[2Jda"], input: "pw\n")
        #expect(saved.standardOutput == "saved: save (username: a\\033[2Jda)\n")
        #expect(try casebook(["preference", "show"]).standardOutput.contains("a\\033[2Jda"))
    }

    /// Standard input is read as a password up to 4,096 bytes, and no further.
    @Test func aPasswordLongerThanAnyHashTakesIsRefusedUnreadToItsEnd() throws {
        let result = try casebook(
            ["user", "add", "ada"], input: String(repeating: "a", count: 1_000_000) + "\n")
        #expect(result.status == 1)
        #expect(
            result.standardError == "casebook user add: the password is longer than 4096 bytes\n")
        #expect(!(try casebook(["user", "list"]).standardOutput.contains("ada")))
    }

    @Test func aSurveySyncCarriesItsTokenToAServerWithUsers() throws {
        #expect(
            try casebook(["user", "add", "sam", "--role", "surveyor"], input: "field work!\n")
                .status == 0)
        let created = try casebook(["token", "create", "--user", "sam", "--name", "laptop"])
        #expect(created.status == 0)
        let secret = created.standardOutput.trimmingCharacters(in: .newlines)
        #expect(secret.hasPrefix("cbt_"))
        let listed = try casebook(["token", "list"]).standardOutput
        let row = try #require(listed.split(separator: "\n").dropFirst().first)
        #expect(row.hasSuffix("sam   active  never    laptop"))
        #expect(!listed.contains(secret))
        let id = String(row.prefix(8))

        // No remembered credentials: the revocation below takes effect at once.
        let server = try ServerProcess(
            dataDirectory: data.url, arguments: ["--credential-cache", "0"],
            ownsDataDirectory: false)
        let folder = try TemporaryDirectory()
        _ = try folder.file("r1.yaml", contents: "id: r1\nname: Ada\n")
        let sync = [
            "survey", "sync", "--from", folder.url.path, "--to", server.url.absoluteString,
            "--retries", "0",
        ]
        // A refusal of the credential says so, not that the server cannot be reached, and an
        // aborted sync prints no summary of nothing.
        let endpoint = server.url.appendingPathComponent("api/respondents").absoluteString
        let anonymous = try CasebookExecutable.run(sync)
        #expect(anonymous.status == 1)
        #expect(
            anonymous.standardError
                == "casebook survey sync: the backend at \(endpoint) refused the token (401: this API needs a token: Authorization: Bearer <token>)\n"
        )
        #expect(anonymous.standardOutput.isEmpty)
        let withToken = try CasebookExecutable.run(sync + ["--token", secret])
        #expect(withToken.status == 0)
        #expect(withToken.standardOutput.contains("synced 1"))
        let fromEnvironment = try CasebookExecutable.run(
            ["survey", "verify", "--from", folder.url.path, "--to", server.url.absoluteString],
            environment: ["CASEBOOK_TOKEN": secret])
        #expect(fromEnvironment.standardOutput.contains("identical 1"))
        // What another device of the team sent is counted, never a difference.
        let phone = try #require(
            try casebook(["token", "create", "--user", "sam", "--name", "phone"])
                .standardOutput.firstMatch(of: /cbt_[A-Za-z0-9_-]+/)?.output)
        let other = try TemporaryDirectory()
        _ = try other.file("r2.yaml", contents: "id: r2\nname: Dee\n")
        let fromPhone = try CasebookExecutable.run([
            "survey", "sync", "--from", other.url.path, "--to", server.url.absoluteString,
            "--token", String(phone),
        ])
        #expect(fromPhone.status == 0)
        let laptop = try CasebookExecutable.run(
            ["survey", "verify", "--from", folder.url.path, "--to", server.url.absoluteString],
            environment: ["CASEBOOK_TOKEN": secret])
        #expect(laptop.standardOutput == "identical 1, from other devices 1\n")
        #expect(laptop.status == 0)
        #expect(try casebook(["token", "revoke", id]).standardOutput == "revoked \(id)\n")
        let revoked = try CasebookExecutable.run(sync + ["--token", secret])
        #expect(revoked.status == 1)
        #expect(
            revoked.standardError
                == "casebook survey sync: the backend at \(endpoint) refused the token (401: the token was revoked)\n"
        )
        server.stop()
    }

    @Test func aServerForOtherMachinesWithNoUserYetRefusesToStart() throws {
        let result = try casebook(["serve", "--host", "0.0.0.0", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("warning: serving 0.0.0.0 over plain HTTP"))
        #expect(
            result.standardError.split(separator: "\n").last.map(String.init)
                == "casebook serve: --host 0.0.0.0 lets other machines in, but this server has no users yet: add one first (casebook user add NAME --role admin), or serve 127.0.0.1"
        )
    }
}

/// How costly a password hash is: bcrypt's cost, 12 unless `CASEBOOK_PASSWORD_COST` says
/// otherwise, for the hashes `user add` and `user passwd` make and for the server's checks.
@Suite("The password hash's cost")
struct PasswordCostTests {
    let data: TemporaryDirectory

    init() throws { data = try TemporaryDirectory() }

    func storedHash() throws -> String {
        let stored = try String(contentsOf: data.appending("users.sqlite"), encoding: .isoLatin1)
        let start = try #require(stored.range(of: "$2b$"))
        return String(stored[start.lowerBound...].prefix(7))
    }

    @Test func isTwelveByDefault() throws {
        let added = try CasebookExecutable.run(
            ["user", "add", "ada", "--data", data.url.path], input: "correct horse\n",
            removing: ["CASEBOOK_PASSWORD_COST"])
        #expect(added.status == 0)
        #expect(try storedHash() == "$2b$12$")
    }

    @Test func isTakenFromTheEnvironment() throws {
        let added = try CasebookExecutable.run(
            ["user", "add", "ada", "--data", data.url.path], input: "correct horse\n",
            environment: ["CASEBOOK_PASSWORD_COST": "5"])
        #expect(added.status == 0)
        #expect(try storedHash() == "$2b$05$")
    }

    @Test(arguments: ["3", "32", "twelve", "+5", " 5"])
    func outsideFourToThirtyOneIsRefusedNamingTheVariable(value: String) throws {
        let added = try CasebookExecutable.run(
            ["user", "add", "ada", "--data", data.url.path], input: "correct horse\n",
            environment: ["CASEBOOK_PASSWORD_COST": value])
        #expect(added.status == 64)
        #expect(
            added.standardError
                == "casebook: CASEBOOK_PASSWORD_COST must be a whole number from 4 to 31, not '\(value)'\n"
        )
    }
}
