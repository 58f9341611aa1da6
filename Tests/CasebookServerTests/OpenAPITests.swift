import CasebookJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The JSON API describes itself: `/openapi.json` serves the OpenAPI 3.1 description kept in the
/// source tree, and every route under /api/ is in it (schemathesis checks the answers against it
/// in the test command).
@Suite("The API's description")
struct OpenAPITests {
    @Test func theServedDescriptionIsTheCheckedInOneAndCoversEveryRoute() async throws {
        let fixture = try RouteFixture()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CasebookServer/Resources/openapi.json")
        let checkedIn = try Data(contentsOf: source)
        try await fixture.test { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(Data(response.body.readableBytesView) == checkedIn)
            }
        }
        let description = try JSONParser.parse(checkedIn)
        #expect(description["openapi"] == "3.1.0")
        guard case .object(let paths)? = description["paths"] else {
            Issue.record("no paths")
            return
        }
        let documented = Set(paths.keys)
        let routes: Set<String> = [
            "/health", "/openapi.json", "/api/menu", "/api/respondents", "/api/respondents/{id}",
            "/api/preferences/{userId}", "/api/diary", "/api/diary/{id}", "/api/respondent-store",
            "/api/respondent-store/digests", "/api/respondent-store/digests/{bucket}",
            "/api/respondent-store/lookup",
        ]
        #expect(documented == routes)
    }
}
