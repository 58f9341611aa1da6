import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `casebook survey export`: the respondents a server's store holds, as CSV or JSON Lines on
/// standard output, from the data directory's store or from PostgreSQL with `--database`.
@Suite("casebook survey export")
struct SurveyExportCommandTests {
    let data: TemporaryDirectory

    init() throws { data = try TemporaryDirectory() }

    /// Fills the store through a real server, as a sync would.
    func fill(_ arguments: [String] = []) async throws {
        let server = try ServerProcess(
            dataDirectory: data.url, arguments: arguments, ownsDataDirectory: false)
        defer { server.stop() }
        var request = URLRequest(url: server.url.appendingPathComponent("api/respondents"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            #"[{"id": "r2", "name": "Zoë, the elder", "household": {"size": 3}}, {"id": "r1", "name": "Ada"}]"#
                .utf8)
        let (_, response) = try await ServerProcess.session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        var review = URLRequest(url: server.url.appendingPathComponent("api/respondent-reviews"))
        review.httpMethod = "POST"
        review.setValue("application/json", forHTTPHeaderField: "Content-Type")
        review.httpBody = Data(#"{"ids": ["r2"], "state": "approved"}"#.utf8)
        let (_, reviewed) = try await ServerProcess.session.data(for: review)
        #expect((reviewed as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func writesTheStoreAsCSVOrJSONLines() async throws {
        try await fill()
        let csv = try CasebookExecutable.run(
            ["survey", "export", "--format", "csv", "--data", data.url.path])
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(
            csv.standardOutput == "id,household/size,name\r\nr1,,Ada\r\nr2,3,\"Zoë, the elder\"\r\n"
        )
        let reviewed = try CasebookExecutable.run(
            ["survey", "export", "--review", "--data", data.url.path])
        #expect(
            reviewed.standardOutput.hasPrefix(
                "id,household/size,name,_review_state,_reviewer,_reviewed_at,_review_comment,"
                    + "_sender,_device,_received_at\r\nr1,,Ada,received,,,,"),
            "\(reviewed.standardOutput) \(reviewed.standardError)")
        let lines = try CasebookExecutable.run(
            ["survey", "export", "--format", "jsonl", "--data", data.url.path])
        #expect(lines.standardOutput.split(separator: "\n").count == 2)
        let zipFile = data.appending("respondents.zip")
        #expect(FileManager.default.createFile(atPath: zipFile.path, contents: nil))
        let zip = try CasebookExecutable.run(
            [
                "survey", "export", "--format", "zip", "--state", "approved", "--data",
                data.url.path,
            ],
            outputTo: zipFile.path)
        #expect(zip.status == 0, "\(zip.standardError)")
        let archive = String(decoding: try Data(contentsOf: zipFile), as: UTF8.self)
        #expect(archive.hasPrefix("PK\u{03}\u{04}"))
        #expect(archive.contains(#"r2.yaml{"household":{"size":3},"id":"r2""#))
        #expect(!archive.contains("r1.yaml"))
        let file = data.appending("respondents.csv")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let spreadsheet = try CasebookExecutable.run(
            ["survey", "export", "--spreadsheet", "--data", data.url.path], outputTo: file.path)
        #expect(spreadsheet.status == 0)
        #expect(
            Array(try Data(contentsOf: file).prefix(6)) == [0xEF, 0xBB, 0xBF] + Array("id,".utf8))
        // A filter exports what it takes, its columns theirs alone.
        let approved = try CasebookExecutable.run(
            ["survey", "export", "--state", "approved", "--data", data.url.path])
        #expect(approved.standardOutput == "id,household/size,name\r\nr2,3,\"Zoë, the elder\"\r\n")
        let received = try CasebookExecutable.run(
            ["survey", "export", "--state", "received", "--data", data.url.path])
        #expect(received.standardOutput == "id,name\r\nr1,Ada\r\n")
        let searched = try CasebookExecutable.run(
            ["survey", "export", "--search", "zoe", "--data", data.url.path])
        #expect(searched.standardOutput == "id,household/size,name\r\nr2,3,\"Zoë, the elder\"\r\n")
        let nobody = try CasebookExecutable.run(
            ["survey", "export", "--user", "nobody", "--data", data.url.path])
        #expect(nobody.standardOutput == "id\r\n")
        let unknown = try CasebookExecutable.run(
            ["survey", "export", "--state", "fine", "--data", data.url.path])
        #expect(unknown.status == 64)
        // By the days they arrived (UTC; the day before to the day after, over midnight too).
        let after = try CasebookExecutable.run(
            ["survey", "export", "--from", "9999-12-31", "--data", data.url.path])
        #expect(after.standardOutput == "id\r\n")
        let day = { (offset: Double) in
            Date(timeIntervalSinceNow: offset * 86_400).formatted(
                Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
        }
        let around = try CasebookExecutable.run(
            [
                "survey", "export", "--from", day(-1), "--to", day(1), "--state", "received",
                "--data", data.url.path,
            ])
        #expect(around.standardOutput == "id,name\r\nr1,Ada\r\n")
        let byField = try CasebookExecutable.run(
            ["survey", "export", "--field", "household/size=3", "--data", data.url.path])
        #expect(byField.standardOutput == "id,household/size,name\r\nr2,3,\"Zoë, the elder\"\r\n")
        let noEquals = try CasebookExecutable.run(
            ["survey", "export", "--field", "name", "--data", data.url.path])
        #expect(noEquals.status == 64)
        #expect(noEquals.standardError.contains("--field is COLUMN=VALUE"))
        let badDay = try CasebookExecutable.run(
            ["survey", "export", "--to", "2026-02-30", "--data", data.url.path])
        #expect(badDay.status == 64)
        #expect(badDay.standardError.contains("--to"))
    }

    @Test func readsThePostgreSQLStoreWithDatabase() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        try await fill(["--database", database])
        let csv = try CasebookExecutable.run(
            ["survey", "export", "--database", database, "--data", data.url.path])
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(csv.standardOutput.hasPrefix("id,household/size,name\r\nr1,,Ada\r\n"))
    }

    @Test func aDataDirectoryWithoutRespondentsIsSaidAndAnUnknownFormatRefused() throws {
        let missing = try CasebookExecutable.run(
            ["survey", "export", "--data", data.appending("nowhere").path])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("there is no data directory"))
        let format = try CasebookExecutable.run(
            ["survey", "export", "--format", "ods", "--data", data.url.path])
        #expect(format.status == 64)
        #expect(format.standardError.contains("--format"))
    }
}
