import CasebookServer
import CasebookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySync
import Testing

/// `GET /api/respondents` as a file: `?format=csv|jsonl` or `Accept: text/csv` /
/// `application/jsonl` gives every respondent at once, streamed, as `RespondentExport` writes
/// them; JSON pages stay what they were.
@Suite("Exporting respondents through the API", .serialized)
struct RespondentExportAPITests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() async throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
        _ = try await stores.respondents.upsert([
            Respondent(
                id: "r1",
                fields: ["id": .string("r1"), "household": .object(["size": .integer(4)])]),
            Respondent(id: "r2", fields: ["id": .string("r2"), "note": .string("a, b")]),
        ])
    }

    func withApp(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router, test)
    }

    @Test func csvIsTheWholeStoreWithAHeaderOfItsColumns() async throws {
        try await withApp { client in
            for (uri, headers) in [
                ("/api/respondents?format=csv", HTTPFields()),
                ("/api/respondents", HTTPFields([HTTPField(name: .accept, value: "text/csv")])),
            ] {
                let answer = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(answer.status == .ok)
                #expect(answer.headers[.contentType] == "text/csv; charset=utf-8")
                #expect(
                    answer.headers[.contentDisposition]
                        == #"attachment; filename="respondents.csv""#)
                #expect(
                    String(buffer: answer.body)
                        == "id,household/size,note\r\nr1,4,\r\nr2,,\"a, b\"\r\n")
            }
            let spreadsheet = try await client.execute(
                uri: "/api/respondents?format=csv&spreadsheet=true", method: .get)
            #expect(Array(spreadsheet.body.readableBytesView.prefix(3)) == [0xEF, 0xBB, 0xBF])
            // With review=true, each row ends with its review and arrival.
            let reviewed = try await client.execute(
                uri: "/api/respondents?format=csv&review=true", method: .get)
            let lines = String(buffer: reviewed.body).split(separator: "\r\n")
            #expect(
                lines.first
                    == "id,household/size,note,_review_state,_reviewer,_reviewed_at,_review_comment,_sender,_device,_received_at"
            )
            #expect(lines.dropFirst().allSatisfy { $0.contains(",received,,,,") }, "\(lines)")
            let refused = try await client.execute(
                uri: "/api/respondents?format=csv&review=yes", method: .get)
            #expect(refused.status == .badRequest)
        }
    }

    @Test func jsonLinesAreOneRespondentALine() async throws {
        try await withApp { client in
            let answer = try await client.execute(
                uri: "/api/respondents?format=jsonl", method: .get)
            #expect(answer.headers[.contentType] == "application/jsonl")
            #expect(
                String(buffer: answer.body)
                    == "{\"household\":{\"size\":4},\"id\":\"r1\"}\n{\"id\":\"r2\",\"note\":\"a, b\"}\n"
            )
        }
    }

    @Test(arguments: ["format=ods", "format=csv&spreadsheet=yes", "format="])
    func anExportNoOneWritesIsA400NamingIt(query: String) async throws {
        try await withApp { client in
            let answer = try await client.execute(uri: "/api/respondents?\(query)", method: .get)
            #expect(answer.status == .badRequest)
        }
    }

    @Test func jsonPagesAreAsTheyWere() async throws {
        try await withApp { client in
            let answer = try await client.execute(
                uri: "/api/respondents?limit=1", method: .get,
                headers: [.accept: "application/json"])
            #expect(answer.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(String(buffer: answer.body).contains(#""next":"r1""#))
        }
    }
}
