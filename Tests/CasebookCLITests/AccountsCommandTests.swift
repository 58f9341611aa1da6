import CasebookTestSupport
import Foundation
import Testing

@Suite("casebook document, attachment, account, login and preference")
struct AccountsCommandTests {
    let data: URL

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        data = directory.url
    }

    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> CasebookExecutable.Result
    {
        try CasebookExecutable.run(arguments, input: input, environment: environment)
    }

    @Test func showsAndRetitlesADocument() throws {
        let file = data.appendingPathComponent("notes.txt")
        try "Groceries\neggs\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try run(["document", "show", file.path]).standardOutput == "Groceries\n\neggs\n\n")
        let json = try run(["document", "show", file.path, "--json"]).standardOutput
        #expect(json == "{\n  \"body\" : \"eggs\\n\",\n  \"title\" : \"Groceries\"\n}\n")
        let retitled = try run(["document", "retitle", file.path, "Shopping"])
        #expect(retitled.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "Shopping\neggs\n")
    }

    /// A private document stays private when retitled, and one reached through a symbolic
    /// link is changed where it is, the link kept.
    @Test func aRetitledDocumentKeepsItsModeAndItsLink() throws {
        let file = data.appendingPathComponent("private.txt")
        try "Old\nsecret\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(chmod(file.path, 0o600) == 0)
        let link = data.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(try run(["document", "retitle", link.path, "New"]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "New\nsecret\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
        let other = data.appendingPathComponent("other.txt")
        try FileManager.default.linkItem(at: file, to: other)
        let refused = try run(["document", "retitle", file.path, "Newer"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "casebook document: \(file.path): the document cannot be written: it has 2 "
                + "names (hard links), and a new file would part them\n")
    }

    /// A document another user owns, which this user may write (mode 0666), is not replaced:
    /// the new file would be this user's, and the owner could lose it. (Run as root, which
    /// hands the file to `nobody` to retitle.)
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))
    func anotherUsersDocumentIsNotTakenOver() throws {
        let folder = try TemporaryDirectory()
        #expect(chmod(folder.url.path, 0o777) == 0)
        let file = try folder.file("shared.txt", contents: "Old\nbody\n")
        #expect(chmod(file.path, 0o666) == 0)
        let result = try CasebookExecutable.run(
            [
                "-u", "nobody", "--", CasebookExecutable.url.path, "document", "retitle", file.path,
                "New",
            ],
            inputData: Data(), environment: ["HOME": folder.url.path],
            executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook document: \(file.path): the document cannot be written: it is "
                + "another user's, and a new file would be yours\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "Old\nbody\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["shared.txt"])
    }

    /// A title is the file's first line: one holding a line break (which the document would
    /// save as a space) or another control character, or none at all, is refused and the file
    /// left as it was.
    @Test(arguments: [
        (
            "New\nInjected",
            "the title must be one line of text: it holds a control character (U+000A)"
        ),
        ("Tab\there", "the title must be one line of text: it holds a control character (U+0009)"),
        ("\u{1B}[2J", "the title must be one line of text: it holds a control character (U+001B)"),
        ("  ", "the title is empty"),
        (
            "A\u{2028}B",
            "the title must be one line of text: it holds U+2028, which ends a line or turns text around"
        ),
        (
            "A\u{2029}B",
            "the title must be one line of text: it holds U+2029, which ends a line or turns text around"
        ),
        (
            "Diavola\u{202E}",
            "the title must be one line of text: it holds U+202E, which ends a line or turns text around"
        ),
    ])
    func aTitleThatIsNotOneLineIsRefused(title: String, reason: String) throws {
        let file = data.appendingPathComponent("notes.txt")
        try "Groceries\neggs\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try run(["document", "retitle", file.path, title])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: " + reason + "\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "Groceries\neggs\n")
    }

    /// A store's file (a database, its journal, the vault's key) is never a document, under its
    /// own name or through a symbolic link: neither shown nor rewritten.
    @Test func aStoresFileIsNeverOpenedAsADocument() throws {
        let database = data.appendingPathComponent("diary.sqlite")
        try "SQLite format 3\n".write(to: database, atomically: true, encoding: .utf8)
        let link = data.appendingPathComponent("notes.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: database)
        for path in [database.path, link.path] {
            for arguments in [["document", "show", path], ["document", "retitle", path, "New"]] {
                let result = try run(arguments)
                #expect(result.status == 1, "\(arguments)")
                #expect(
                    result.standardError
                        == "casebook document: \(path): it is a store's file (a database, its "
                        + "journal or a key), not a document\n")
            }
        }
        #expect(try String(contentsOf: database, encoding: .utf8) == "SQLite format 3\n")
    }

    /// The message says why, as `casebook menu --file` does: missing, a folder, not text.
    @Test func aDocumentThatCannotBeReadIsAClearError() throws {
        let binary = data.appendingPathComponent("binary.txt")
        try Data([0xFF, 0xFE]).write(to: binary)
        let cases = [
            ("/nonexistent/notes.txt", "there is no such file"), (data.path, "it is a folder"),
            (binary.path, "it is not UTF-8 text"),
        ]
        for (path, reason) in cases {
            let result = try run(["document", "show", path])
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "casebook document: \(path): cannot read the document: \(reason)\n")
        }
    }

    @Test func opensAnAttachmentWithTheSystemsOpener() throws {
        let file = data.appendingPathComponent("report.pdf")
        try Data("%PDF".utf8).write(to: file)
        let log = data.appendingPathComponent("opened")
        let opener = data.appendingPathComponent("fake-xdg-open")
        try "#!/bin/sh\necho \"$1\" > '\(log.path)'\n".write(
            to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let result = try run(
            ["attachment", "open", file.path], environment: ["CASEBOOK_OPEN_COMMAND": opener.path])
        #expect(result.status == 0)
        #expect(try String(contentsOf: log, encoding: .utf8) == file.path + "\n")
    }

    @Test func anAttachmentNothingCanOpenIsAClearError() throws {
        let file = data.appendingPathComponent("report.pdf")
        try Data("%PDF".utf8).write(to: file)
        let result = try run(
            ["attachment", "open", file.path],
            environment: ["CASEBOOK_OPEN_COMMAND": "/nonexistent/opener"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("casebook attachment: cannot open \(file.path): "))
        let missing = try run(["attachment", "open", "/nonexistent/file.pdf"])
        #expect(
            missing.standardError
                == "casebook attachment: there is no file at /nonexistent/file.pdf\n")
    }

    @Test func tellsAnAccountsAge() throws {
        // Thirty years and three days ago: the age is 30 whatever the time of day (a run across
        // midnight) or the date (no 29 February thirty years back).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = calendar.date(byAdding: DateComponents(year: -30, day: -3), to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let born = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        #expect(try run(["account", "age", "--born", born]).standardOutput == "30\n")
        let bad = try run(["account", "age", "--born", "10/05/1990"])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("--born must be a date such as 1990-05-10"))
    }

    @Test func aDateOfBirthAfterTodayIsNamedAsSuch() throws {
        let result = try run(["account", "age", "--born", "2999-01-01"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook account: --born 2999-01-01 is after today: there is no age yet\n")
    }

    @Test func remembersTheLastUsername() throws {
        let none = try run(["login", "previous", "--data", data.path])
        #expect(none.status == 1)
        #expect(none.standardError == "casebook login: no username is remembered yet\n")
        #expect(try run(["login", "remember", "ada", "--data", data.path]).status == 0)
        #expect(try run(["login", "previous", "--data", data.path]).standardOutput == "ada\n")
    }

    /// A username is one line of text: one holding a control character is refused, and one
    /// another program remembered with one is shown escaped, never sent to the terminal.
    @Test func aUsernameWithAControlCharacterIsRefusedAndShownEscaped() throws {
        let refused = try run(["login", "remember", "\u{1B}[2Jada", "--data", data.path])
        #expect(refused.status == 64)
        #expect(
            refused.standardError.hasPrefix(
                "Error: the username must be one line of text: it holds a control character "
                    + "(U+001B)\n"))
        let values: [String: Any] = ["PreviousUsername": "\u{1B}[2Jada\nbob"]
        let plist = try PropertyListSerialization.data(
            fromPropertyList: values, format: .xml, options: 0)
        try plist.write(to: data.appendingPathComponent("login.plist"))
        let shown = try run(["login", "previous", "--data", data.path])
        #expect(shown.standardOutput == "\\033[2Jada\\012bob\n")
    }

    @Test func setsShowsAndPushesThePreferenceWithoutEverShowingThePassword() async throws {
        let password = "correct horse battery staple"
        let set = try run(
            ["preference", "set", "save", "--username", "ada", "--data", data.path],
            input: password + "\n")
        #expect(set.status == 0, "\(set.standardError)")
        let shown = try run(["preference", "show", "--data", data.path])
        #expect(shown.standardOutput == "save (username: ada)\n")
        #expect(!(shown.standardOutput + set.standardOutput).contains(password))

        let everything = try FileManager.default.contentsOfDirectory(
            at: data, includingPropertiesForKeys: nil
        )
        .reduce(into: Data()) { $0.append((try? Data(contentsOf: $1)) ?? Data()) }
        #expect(everything.range(of: Data(password.utf8)) == nil)

        let server = try ServerProcess()
        let pushed = try run([
            "preference", "push", "--user", "u7", "--to", server.url.absoluteString, "--data",
            data.path,
        ])
        #expect(pushed.status == 0, "\(pushed.standardError)")
        let (body, _) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("api/preferences/u7"))
        #expect(String(decoding: body, as: UTF8.self) == #"{"choice":"save","username":"ada"}"#)
        let serverBytes = try FileManager.default.subpathsOfDirectory(
            atPath: server.dataDirectory.path
        )
        .reduce(into: Data()) {
            $0.append(
                (try? Data(contentsOf: server.dataDirectory.appendingPathComponent($1))) ?? Data())
        }
        #expect(serverBytes.range(of: Data(password.utf8)) == nil)
    }

    /// A server with users takes a pushed preference only with a token of its user, from
    /// --token or $CASEBOOK_TOKEN as `survey sync` takes it; without one the push is refused
    /// with the server's reason.
    @Test func pushesWithATokenToAServerThatHasUsers() async throws {
        let serverData = data.appendingPathComponent("server")
        _ = try run(
            ["user", "add", "u7", "--role", "diarist", "--data", serverData.path],
            input: "correct horse\n")
        let token = try run(["token", "create", "--user", "u7", "--data", serverData.path])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try run(["preference", "set", "never", "--data", data.path])
        let server = try ServerProcess(dataDirectory: serverData, ownsDataDirectory: false)
        let push = ["preference", "push", "--user", "u7", "--to", server.url.absoluteString]
        let anonymous = try run(push + ["--data", data.path])
        #expect(anonymous.status == 1)
        #expect(anonymous.standardError.contains("HTTP 401"))
        let withOption = try run(push + ["--token", token, "--data", data.path])
        #expect(withOption.status == 0, "\(withOption.standardError)")
        let fromEnvironment = try run(
            push + ["--data", data.path], environment: ["CASEBOOK_TOKEN": token])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
        let elsewhere = try run(
            [
                "preference", "push", "--user", "u7", "--to", "http://casebook.example", "--token",
                token, "--data", data.path,
            ])
        #expect(elsewhere.status == 64)
        #expect(elsewhere.standardError.contains("would cross the network in clear text"))
    }

    @Test func refusesAPasswordlessSaveAndUnknownChoices() throws {
        let empty = try run(
            ["preference", "set", "save", "--username", "ada", "--data", data.path], input: "\n")
        #expect(empty.status == 1)
        #expect(
            empty.standardError
                == "casebook preference: the password (read from standard input) is empty\n")
        let unknown = try run(["preference", "set", "maybe", "--data", data.path])
        #expect(unknown.status != 0)
        let noPreference = try run(["preference", "show", "--data", data.path])
        #expect(noPreference.standardOutput == "no preference saved\n")
    }

    @Test(arguments: ["not-now", "never"])
    func savesTheOtherChoices(choice: String) throws {
        #expect(try run(["preference", "set", choice, "--data", data.path]).status == 0)
        #expect(
            try run(["preference", "show", "--data", data.path]).standardOutput == "\(choice)\n")
    }
}
