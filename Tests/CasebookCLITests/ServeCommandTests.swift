import CasebookTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("casebook serve")
struct ServeCommandTests {
    @Test func servesOnTheAddressItPrintsAndStopsCleanlyOnSIGTERM() async throws {
        let server = try ServerProcess()
        #expect(server.url.host == "127.0.0.1")
        // Where the data is, said at start.
        #expect(
            server.startOutput.contains(
                "Casebook is serving \(server.url.absoluteString) (data in \(server.dataDirectory.path))"
            ), "\(server.startOutput)")
        // And what to do next: no user yet, so the first admin's page.
        #expect(
            server.startOutput.contains(
                "No users yet: anyone on this machine can use it. To make the first admin, open \(server.url.absoluteString)setup?code="
            ), "\(server.startOutput)")
        #expect(
            server.startOutput.contains(
                " in a browser here, or run casebook user add NAME --role admin --data \(server.dataDirectory.path)."
            ), "\(server.startOutput)")
        #expect(server.startOutput.contains(/setup\?code=[a-z2-9]{16} in a browser/))
        let (body, response) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("health"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "ok")
        #expect(server.stop() == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: server.dataDirectory.appendingPathComponent("respondents.sqlite").path))
    }

    /// Stopped cleanly, the server leaves each database whole in its file, its write-ahead log
    /// emptied into it: the file alone is the database, and a backup copied over it is not
    /// damaged by a log of writes it never had.
    @Test func aCleanStopLeavesEveryDatabaseWholeInItsFile() async throws {
        let server = try ServerProcess()
        for number in 1...20 {
            var request = URLRequest(url: server.url.appendingPathComponent("api/diary"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"text": "Entry \#(number)."}"#.utf8)
            let (_, response) = try await ServerProcess.session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
        }
        #expect(server.stop() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.path)
        #expect(files.contains("diary.sqlite"))
        for log in files where log.hasSuffix(".sqlite-wal") {
            let size =
                try FileManager.default.attributesOfItem(
                    atPath: server.dataDirectory.appendingPathComponent(log).path)[.size] as? Int
            #expect(size == 0, "\(log)")
        }
    }

    /// An access log that cannot be written stops the server at start, naming the file and
    /// the reason.
    @Test func anAccessLogThatCannotBeWrittenIsNamedWithTheReason() throws {
        let folder = try TemporaryDirectory()
        let link = folder.appending("link.log")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: folder.appending("real.log").path)
        for (path, reason) in [
            ("/nonexistent/folder/access.log", "its folder does not exist"),
            (folder.url.path, "it is a folder"),
            (link.path, "it is a symbolic link"),
        ] {
            let result = try CasebookExecutable.run([
                "serve", "--port", "0", "--data", folder.appending("data").path, "--access-log",
                path,
            ])
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "casebook serve: cannot write the access log \(path): \(reason)\n")
        }
    }

    /// A store's file that is not a database (a backup cut short, copied in) is named, by the
    /// server at start and by a command, with SQLite's reason.
    @Test func aStoreFileThatIsNotADatabaseIsNamed() throws {
        let folder = try TemporaryDirectory()
        let data = folder.appending("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: data.appendingPathComponent("users.sqlite"))
        let served = try CasebookExecutable.run(["serve", "--port", "0", "--data", data.path])
        #expect(served.status == 1)
        #expect(
            served.standardError
                == "casebook serve: cannot use the data directory \(data.path): users.sqlite: file is not a database (SQLite error 26)\n"
        )
        let listed = try CasebookExecutable.run(["user", "list", "--data", data.path])
        #expect(listed.status == 1)
        #expect(
            listed.standardError
                == "casebook user list: users.sqlite: file is not a database (SQLite error 26)\n")
    }

    @Test func aPortInUseIsAClearErrorNotACrash() throws {
        let server = try ServerProcess()
        let port = try #require(server.url.port)
        let result = try CasebookExecutable.run([
            "serve", "--port", String(port), "--data", server.dataDirectory.path,
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook serve: cannot listen on 127.0.0.1:\(port): the address is already in use (try --port)\n"
        )
    }

    @Test func servesTheMenuFileItWasGiven() async throws {
        let directory = try TemporaryDirectory()
        let menuFile = try directory.file(
            "menu.yaml",
            contents:
                "restaurant: Da Mario\ncurrency: EUR\npizzas:\n  - {name: Marinara, price: 7}\n")
        let server = try ServerProcess(arguments: ["--menu", menuFile.path])
        let (body, _) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("api/menu"))
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect(json?["restaurant"] as? String == "Da Mario")
    }

    /// A data directory that is a file, or lies below one, names the path and the reason once.
    @Test func aDataDirectoryThatCannotBeUsedIsNamedOnceWithTheReason() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("data", contents: "not a directory")
        for path in [file.path, file.appending(path: "below").path] {
            let result = try CasebookExecutable.run(["serve", "--port", "0", "--data", path])
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "casebook serve: cannot use the data directory \(path): Not a directory\n")
        }
    }

    @Test func anInvalidMenuFileStopsTheServerFromStartingWithAClearError() throws {
        let result = try CasebookExecutable.run([
            "serve", "--port", "0", "--menu", "/nonexistent/menu.yaml",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook serve: /nonexistent/menu.yaml: cannot read the file: there is no such file\n"
        )
    }
}

/// A restaurant's menu is for its guests: `casebook serve` gives it to anyone once it has
/// users, and to its users alone with `--private-menu`.
@Suite("casebook serve and the menu")
struct ServeMenuTests {
    @Test(arguments: [false, true])
    func theMenuIsForAnyoneUnlessTheServerKeepsItPrivate(privateMenu: Bool) async throws {
        let data = try TemporaryDirectory()
        let added = try CasebookExecutable.run(
            ["user", "add", "ada", "--role", "admin", "--data", data.url.path],
            input: "correct horse\n")
        #expect(added.status == 0)
        let server = try ServerProcess(
            dataDirectory: data.url, arguments: privateMenu ? ["--private-menu"] : [],
            ownsDataDirectory: false)
        defer { server.stop() }
        let (_, answer) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("api/menu"))
        #expect((answer as? HTTPURLResponse)?.statusCode == (privateMenu ? 401 : 200))
    }
}
