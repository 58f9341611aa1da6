import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// `casebook user passwd` ends the user's signed-in sessions at once on every server that
/// shares the users — one server on a data directory, two on one PostgreSQL database — and
/// says what becomes of their API tokens; with `--revoke-tokens` those end too.
@Suite("A new password ends the old sessions", .serialized)
struct SessionEndTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case dataDirectory, postgres
        var testDescription: String { rawValue }
    }

    @Test(arguments: Kind.allCases)
    func aNewPasswordEndsEverySessionAtOnceAndSaysWhatBecomesOfTheTokens(kind: Kind) async throws {
        let data = try TemporaryDirectory()
        var place = ["--data", data.url.path]
        var serverCount = 1
        if kind == .postgres {
            place += ["--database", try await PostgresTesting.newDatabaseURL()]
            serverCount = 2
        }
        func casebook(_ arguments: [String], input: String = "") throws
            -> CasebookExecutable.Result
        {
            try CasebookExecutable.run(arguments + place, input: input)
        }
        #expect(
            try casebook(["user", "add", "dee", "--role", "diarist"], input: "correct horse\n")
                .status == 0)
        let token = try casebook(["token", "create", "--user", "dee"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // On a data directory the server shares the command's; on PostgreSQL each server has
        // a data directory of its own and the users are in the database.
        let servers = try (0..<serverCount).map { _ in
            kind == .dataDirectory
                // Credentials kept for five minutes: only the watch of the users' database can
                // end them at once.
                ? try ServerProcess(
                    dataDirectory: data.url, arguments: ["--credential-cache", "300"],
                    ownsDataDirectory: false)
                : try ServerProcess(arguments: Array(place.dropFirst(2)))
        }
        let browser = try await SignedInBrowser(
            url: servers[0].url, name: "dee", password: "correct horse")
        for server in servers {
            #expect(try await browser.status(of: "api/diary", on: server.url) == 200)
        }

        let changed = try casebook(["user", "passwd", "dee"], input: "battery staple\n")
        #expect(changed.status == 0)
        #expect(
            changed.standardOutput
                == "changed the password of dee: their signed-in sessions have ended; "
                + "their 1 API token still works (end it with --revoke-tokens, or casebook token revoke)\n"
        )
        for server in servers {
            #expect(try await browser.status(of: "api/diary", on: server.url) == 401)
            #expect(
                try await SignedInBrowser.status(of: "api/diary", on: server.url, token: token)
                    == 200)
        }

        let revoked = try casebook(
            ["user", "passwd", "dee", "--revoke-tokens"], input: "new battery\n")
        #expect(
            revoked.standardOutput
                == "changed the password of dee: their signed-in sessions have ended; "
                + "their 1 API token was revoked\n")
        for server in servers {
            #expect(
                try await SignedInBrowser.status(of: "api/diary", on: server.url, token: token)
                    == 401)
        }
    }

    /// `casebook user role` gives a user another role: their sessions end at once (they sign
    /// in again as what they now are), and their token acts with the new role.
    @Test func aNewRoleEndsEverySessionAtOnce() async throws {
        let data = try TemporaryDirectory()
        func casebook(_ arguments: [String], input: String = "") throws
            -> CasebookExecutable.Result
        {
            try CasebookExecutable.run(arguments + ["--data", data.url.path], input: input)
        }
        _ = try casebook(["user", "add", "dee", "--role", "diarist"], input: "correct horse\n")
        let token = try casebook(["token", "create", "--user", "dee"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(
            dataDirectory: data.url, arguments: ["--credential-cache", "300"],
            ownsDataDirectory: false)
        let browser = try await SignedInBrowser(
            url: server.url, name: "dee", password: "correct horse")
        #expect(try await browser.status(of: "api/diary", on: server.url) == 200)
        let changed = try casebook(["user", "role", "dee", "surveyor"])
        #expect(
            changed.standardOutput
                == "dee is now a surveyor: their signed-in sessions have ended; "
                + "their API tokens act as a surveyor\n")
        #expect(try await browser.status(of: "api/diary", on: server.url) == 401)
        #expect(
            try await SignedInBrowser.status(of: "api/diary", on: server.url, token: token) == 403)
        #expect(
            try await SignedInBrowser.status(
                of: "api/respondent-store", on: server.url, token: token) == 200)
        let unknown = try casebook(["user", "role", "nobody", "admin"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "casebook user role: there is no user named 'nobody'\n")
    }
}
