import CasebookTestSupport
import Foundation
import GRDB
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("casebook survey sync against a real server")
struct SurveySyncCommandTests {
    let folder: URL

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        folder = directory.appending("Respondents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func writeRespondents(_ range: ClosedRange<Int>) throws {
        for number in range {
            let yaml = "id: \(number)\nname: Respondent \(number)\nanswers: [\(number), true]\n"
            try FixtureFile.write(yaml, to: folder.appendingPathComponent("r\(number).yaml"))
        }
    }

    func respondentCount(on server: ServerProcess) async throws -> Int {
        var count = 0
        var after: String?
        repeat {
            var components = URLComponents(
                url: server.url.appendingPathComponent("api/respondents"),
                resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "limit", value: "1000")]
            if let after {
                components.queryItems?.append(URLQueryItem(name: "after", value: after))
            }
            let (data, _) = try await ServerProcess.session.data(from: components.url!)
            let page = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            count += (page["respondents"] as? [Any])?.count ?? 0
            after = page["next"] as? String
        } while after != nil
        return count
    }

    /// Another process (here, this test) holds the folder, as a sync from the web page would.
    @Test func refusesToSyncAFolderAnotherSyncHolds() throws {
        try writeRespondents(1...2)
        let descriptor = open(folder.path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try CasebookExecutable.run([
            "survey", "sync", "--from", folder.path, "--to", "http://127.0.0.1:1",
        ])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "casebook survey sync: another sync of \(folder.standardizedFileURL.path) is running; "
                + "try again when it has finished\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(".casebook-sync-ledger.json").path))
    }

    @Test func sendsNewRespondentsThenNothingOnARerun() async throws {
        let server = try ServerProcess()
        try writeRespondents(1...120)
        let first = try CasebookExecutable.run([
            "survey", "sync", "--from", folder.path, "--to", server.url.absoluteString,
        ])
        #expect(first.standardOutput == "synced 120, unchanged 0, failed 0\n")
        #expect(first.status == 0)
        let rerun = try CasebookExecutable.run([
            "survey", "sync", "--from", folder.path, "--to", server.url.absoluteString,
        ])
        #expect(rerun.standardOutput == "synced 0, unchanged 120, failed 0\n")
        #expect(try await respondentCount(on: server) == 120)
        // A dry run lists what a sync would send, and sends nothing.
        try writeRespondents(121...122)
        let dryRun = try CasebookExecutable.run([
            "survey", "sync", "--dry-run", "--from", folder.path, "--to",
            server.url.absoluteString,
        ])
        #expect(
            dryRun.standardOutput
                == "would send r121.yaml\nwould send r122.yaml\nwould send 2, unchanged 120, failed 0\n"
        )
        #expect(dryRun.status == 0)
        #expect(try await respondentCount(on: server) == 120)
    }

    /// `--json` prints the report whole, for a script: the counts, each failure with its file,
    /// the notes; a verify's counts and differences.
    @Test func syncAndVerifyReportAsJSON() async throws {
        let server = try ServerProcess()
        try writeRespondents(1...2)
        try "id: 9\nname: [unclosed\n".write(
            to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let arguments = ["--from", folder.path, "--to", server.url.absoluteString, "--json"]
        let synced = try CasebookExecutable.run(["survey", "sync"] + arguments)
        #expect(synced.status == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(synced.standardOutput.utf8))
                as? [String: Any])
        #expect(report["synced"] as? Int == 2)
        #expect(report["unchanged"] as? Int == 0)
        #expect(report["failed"] as? Int == 1)
        let failures = try #require(report["failures"] as? [[String: Any]])
        #expect(failures.first?["file"] as? String == "broken.yaml")
        #expect((failures.first?["message"] as? String)?.hasPrefix("broken.yaml:") == true)
        #expect((report["notes"] as? [String])?.count == 1)
        let verified = try CasebookExecutable.run(["survey", "verify"] + arguments)
        let verify = try #require(
            try JSONSerialization.jsonObject(with: Data(verified.standardOutput.utf8))
                as? [String: Any])
        #expect(verify["identical"] as? Int == 2)
        #expect(verify["repaired"] as? Int == 0)
        #expect((verify["differences"] as? [Any])?.isEmpty == true)
        #expect((verify["store"] as? String)?.isEmpty == false)
    }

    @Test func reportsABrokenFileByPlaceSyncsTheRestAndFails() async throws {
        let server = try ServerProcess()
        try writeRespondents(1...3)
        try "id: 9\nname: [unclosed\nage: 3\n".write(
            to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let result = try CasebookExecutable.run([
            "survey", "sync", "--from", folder.path, "--to", server.url.absoluteString,
        ])
        #expect(result.standardOutput == "synced 3, unchanged 0, failed 1\n")
        let errors = result.standardError.split(separator: "\n")
        #expect(errors.first?.hasSuffix("is new to this folder: sending all 4") == true)
        #expect(errors.last?.hasPrefix("casebook survey sync: broken.yaml:3:4: ") == true)
        #expect(result.status == 1)
    }

    /// A file's name reaches the terminal in messages and in verify's lines: its control
    /// characters are shown as octal escapes, never sent to the terminal as they are.
    @Test func fileNamesWithControlCharactersAreShownEscaped() throws {
        let server = try ServerProcess()
        try "id: 7\nname: Seven\n".write(
            to: folder.appendingPathComponent("r\u{1B}[2J.yaml"), atomically: true,
            encoding: .utf8)
        try "id: 9\nname: [unclosed\n".write(
            to: folder.appendingPathComponent("b\u{1B}]0;x\u{7}.yaml"), atomically: true,
            encoding: .utf8)
        let arguments = ["--from", folder.path, "--to", server.url.absoluteString]
        let verified = try CasebookExecutable.run(["survey", "verify"] + arguments)
        #expect(verified.standardOutput.hasPrefix("missing 7 (r\\033[2J.yaml)\n"))
        #expect(verified.standardError.hasPrefix("casebook survey verify: b\\033]0;x\\007.yaml:"))
        let synced = try CasebookExecutable.run(["survey", "sync"] + arguments)
        #expect(synced.standardOutput == "synced 1, unchanged 0, failed 1\n")
        #expect(synced.standardError.contains("casebook survey sync: b\\033]0;x\\007.yaml:"))
        for result in [verified, synced] {
            let bytes = Array(result.standardOutput.utf8) + Array(result.standardError.utf8)
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07))
        }
    }

    @Test func aBackendThatIsDownStopsTheSyncNamingItAndRecordsNothing() throws {
        try writeRespondents(1...2)
        let closedPort = try FreePort.find()
        let url = "http://127.0.0.1:\(closedPort)"
        let result = try CasebookExecutable.run([
            "survey", "sync", "--from", folder.path, "--to", url, "--retries", "0",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "casebook survey sync: cannot reach the backend at \(url)/api/respondents: connection refused"
            ))
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(".casebook-sync-ledger.json").path))
    }

    /// What `--from` names must be a folder; the message says which of the two it is not.
    @Test(arguments: ["sync", "verify"])
    func aFromThatIsNoFolderIsNamedForWhatItIs(command: String) throws {
        let file = try directory.file("respondent.yaml", contents: "id: 1\n")
        let missing = directory.appending("missing").path
        for (from, message) in [
            (missing, "no respondents folder at \(missing)"),
            (file.path, "\(file.path) is a file, not a respondents folder"),
        ] {
            let result = try CasebookExecutable.run([
                "survey", command, "--from", from, "--to", "http://127.0.0.1:1", "--retries", "0",
            ])
            #expect(result.status == 1)
            #expect(result.standardError == "casebook survey \(command): \(message)\n")
        }
    }

    /// Without `--from`, the folder is `Documents/Respondents` in `$HOME` when it is set, as
    /// the data directory is found in `$HOME` too.
    @Test func withoutFromTheFolderIsInTheDocumentsOfHOME() throws {
        let home = directory.appending("home").path
        let result = try CasebookExecutable.run(
            ["survey", "sync", "--to", "http://127.0.0.1:1", "--retries", "0"],
            environment: ["HOME": home])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook survey sync: no respondents folder at \(home)/Documents/Respondents\n")
    }

    /// A token is a password: it crosses the network only encrypted. Plain http is for this
    /// machine's own loopback; elsewhere the command refuses before anything is sent.
    @Test(arguments: ["sync", "verify"])
    func refusesToSendATokenInClearTextToAnotherMachine(command: String) throws {
        try writeRespondents(1...1)
        let result = try CasebookExecutable.run([
            "survey", command, "--from", folder.path, "--to", "http://192.0.2.7:8080",
            "--token", "cb_secret", "--retries", "0",
        ])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "would cross the network in clear text to http://192.0.2.7:8080: use https"
            ))
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(".casebook-sync-ledger.json").path))
    }

    /// A token that no header can carry (a line break pasted with it, a space) is refused
    /// before anything is sent, and never shown: an error quoting the header would print it.
    @Test(arguments: [
        ["survey", "sync", "--to", "http://127.0.0.1:9"],
        ["survey", "verify", "--to", "http://127.0.0.1:9"],
        ["diary", "list", "--server", "http://127.0.0.1:9"],
    ])
    func aTokenNoHeaderCanCarryIsRefusedUnshown(arguments: [String]) throws {
        try writeRespondents(1...1)
        let folderArguments = arguments[0] == "survey" ? ["--from", folder.path] : []
        for token in ["cbt_secret\n", "cbt_sec ret", "cbt_secret\r\n"] {
            let result = try CasebookExecutable.run(
                arguments + folderArguments + ["--token", token])
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.standardError.contains(
                    "the API token (--token or $CASEBOOK_TOKEN) holds a character no token has"),
                "\(result.standardError)")
            #expect(!result.standardError.contains("secret"), "\(result.standardError)")
        }
    }

    @Test func aSyncKilledMidwayResumesWithNothingLostOrDuplicated() async throws {
        let server = try ServerProcess()
        try writeRespondents(1...3000)
        let ledger = folder.appendingPathComponent(".casebook-sync-ledger.json")
        let sync = Process()
        sync.executableURL = CasebookExecutable.url
        sync.arguments = [
            "survey", "sync", "--from", folder.path, "--to", server.url.absoluteString,
            "--batch-size", "100",
        ]
        sync.standardOutput = FileHandle.nullDevice
        try ProcessLaunch.run(sync)
        // Kill -9 as soon as the first batch is on record (or the run is over).
        while sync.isRunning && !FileManager.default.fileExists(atPath: ledger.path) {
            await Task.yield()
        }
        kill(sync.processIdentifier, SIGKILL)
        ProcessLaunch.waitForExit(sync)

        let resumed = try CasebookExecutable.run([
            "survey", "sync", "--from", folder.path, "--to", server.url.absoluteString,
        ])
        #expect(resumed.status == 0)
        // Counts are written with thousands separated by commas.
        let numbers = resumed.standardOutput.replacingOccurrences(of: ",", with: "")
            .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 3 && numbers[0] + numbers[1] == 3000 && numbers[2] == 0)
        #expect(try await respondentCount(on: server) == 3000)
        let (data, _) = try await ServerProcess.session.data(
            from: server.url.appendingPathComponent("api/respondents/2999"))
        let respondent = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(respondent?["name"] as? String == "Respondent 2999")
    }
}

/// The survey sync and verify against a real server whose database is restored from a copy
/// taken midway (`VACUUM INTO`, as a backup would be), and against a new database.
@Suite("casebook survey against a store that changes")
struct SurveyStoreChangeTests {
    let directory: TemporaryDirectory
    let folder: URL
    let data: URL

    init() throws {
        directory = try TemporaryDirectory()
        folder = directory.appending("Respondents")
        data = directory.appending("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ range: ClosedRange<Int>) throws {
        for number in range {
            try "id: \(number)\nname: Respondent \(number)\n".write(
                to: folder.appendingPathComponent("r\(number).yaml"), atomically: true,
                encoding: .utf8)
        }
    }

    func survey(_ command: String, _ server: ServerProcess, _ extra: [String] = []) throws
        -> CasebookExecutable.Result
    {
        try CasebookExecutable.run(
            ["survey", command, "--from", folder.path, "--to", server.url.absoluteString] + extra)
    }

    @Test func aStoreRestoredFromACopyTakenMidwayGetsWhatItLostAndVerifiesIdentical() throws {
        var server = try ServerProcess(dataDirectory: data, ownsDataDirectory: false)
        try write(1...3)
        let first = try survey("sync", server)
        #expect(first.standardOutput == "synced 3, unchanged 0, failed 0\n")
        #expect(first.standardError.contains("is new to this folder: sending all 3"))
        let backup = directory.appending("backup.sqlite")
        let database = try DatabaseQueue(
            path: data.appendingPathComponent("respondents.sqlite").path)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [backup.path])
        }
        try database.close()
        try write(4...5)
        #expect(try survey("sync", server).standardOutput == "synced 2, unchanged 3, failed 0\n")
        #expect(server.stop() == 0)
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(
                at: data.appendingPathComponent("respondents.sqlite" + suffix))
        }
        try FileManager.default.copyItem(
            at: backup, to: data.appendingPathComponent("respondents.sqlite"))
        server = try ServerProcess(dataDirectory: data, ownsDataDirectory: false)
        let lost = try survey("verify", server)
        #expect(lost.status == 1)
        #expect(
            lost.standardOutput
                == "missing 4 (r4.yaml)\nmissing 5 (r5.yaml)\nidentical 3, missing 2, different 0, only on backend 0\n"
        )
        let resync = try survey("sync", server)
        #expect(resync.standardOutput == "synced 2, unchanged 3, failed 0\n")
        #expect(
            resync.standardError.contains(
                "no longer holds 2 respondents it acknowledged (restored from an older copy, or changed by another device?): sending them again"
            ))
        let verified = try survey("verify", server)
        #expect(verified.standardOutput == "identical 5\n")
        #expect(verified.status == 0)
        server.stop()
    }

    @Test func verifyRepairsWhatANewDatabaseLacks() throws {
        var server = try ServerProcess(dataDirectory: data, ownsDataDirectory: false)
        try write(1...4)
        _ = try survey("sync", server)
        server.stop()
        try FileManager.default.removeItem(at: data)
        server = try ServerProcess(dataDirectory: data, ownsDataDirectory: false)
        let repaired = try survey("verify", server, ["--repair"])
        #expect(repaired.status == 0)
        #expect(
            repaired.standardOutput.hasSuffix(
                "identical 0, missing 4, different 0, only on backend 0; repaired 4\n"))
        #expect(try survey("verify", server).standardOutput == "identical 4\n")
        #expect(try survey("sync", server).standardOutput == "synced 0, unchanged 4, failed 0\n")
        server.stop()
    }

    /// Two devices each with a respondent of one id, on a server with users: each sync makes its
    /// device's version the current one, and the server keeps every version that arrived, with
    /// the device that sent it (the current one in the respondent's row), so that neither
    /// device's answers are lost.
    @Test func twoDevicesWithOneIdLoseNeitherVersion() throws {
        let added = try CasebookExecutable.run(
            ["user", "add", "sara", "--role", "surveyor", "--data", data.path],
            input: "correct horse\n")
        #expect(added.status == 0)
        func token(_ device: String) throws -> String {
            try CasebookExecutable.run(
                ["token", "create", "--user", "sara", "--name", device, "--data", data.path]
            ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let phone = try token("phone")
        let tablet = try token("tablet")
        let server = try ServerProcess(dataDirectory: data, ownsDataDirectory: false)
        defer { _ = server.stop() }
        let tabletFolder = directory.appending("Tablet")
        try FileManager.default.createDirectory(at: tabletFolder, withIntermediateDirectories: true)
        try "id: 7\nanswer: from the phone\n".write(
            to: folder.appendingPathComponent("r7.yaml"), atomically: true, encoding: .utf8)
        try "id: 7\nanswer: from the tablet\n".write(
            to: tabletFolder.appendingPathComponent("r7.yaml"), atomically: true, encoding: .utf8)
        func sync(_ from: URL, _ token: String) throws -> CasebookExecutable.Result {
            try CasebookExecutable.run(
                ["survey", "sync", "--from", from.path, "--to", server.url.absoluteString],
                environment: ["CASEBOOK_TOKEN": token])
        }
        #expect(try sync(folder, phone).standardOutput == "synced 1, unchanged 0, failed 0\n")
        #expect(
            try sync(tabletFolder, tablet).standardOutput == "synced 1, unchanged 0, failed 0\n")
        let again = try sync(folder, phone)
        #expect(again.standardOutput == "synced 1, unchanged 0, failed 0\n")
        #expect(again.standardError.contains("or changed by another device?"))
        let database = try DatabaseQueue(
            path: data.appendingPathComponent("respondents.sqlite").path)
        let versions = try database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT version || ' ' || device || ': ' || CASE
                        WHEN version = (
                            SELECT MAX(version) FROM respondent_event WHERE respondentID = '7')
                        THEN (SELECT body FROM respondent WHERE id = '7')
                        ELSE body END
                    FROM respondent_event
                    WHERE respondentID = '7' AND version IS NOT NULL ORDER BY version
                    """)
        }
        try database.close()
        #expect(
            versions == [
                #"1 phone: {"answer":"from the phone","id":7}"#,
                #"2 tablet: {"answer":"from the tablet","id":7}"#,
                #"3 phone: {"answer":"from the phone","id":7}"#,
            ])
    }
}
