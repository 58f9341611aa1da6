import CasebookJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// The JSON API describes itself: `/openapi.json` serves the OpenAPI 3.1 description kept in the
/// source tree, and every route under /api/ is in it (schemathesis checks the answers against it
/// in the test command).
@Suite("The API's description")
struct OpenAPITests {
    @Test func theServedDescriptionIsTheCheckedInOneAndCoversEveryRoute() async throws {
        let fixture = try RouteFixture()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Apps/CasebookServer/Resources/openapi.json")
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
        // Every route of the table's JSON API is described, each operation with who may call
        // it as the table says; `/metrics` is Prometheus's text, described by Prometheus.
        var documented: [String: String] = [:]
        for (path, item) in paths {
            guard case .object(let operations) = item else { continue }
            for (method, operation) in operations where method != "parameters" {
                guard case .string(let access)? = operation["x-casebook-access"] else {
                    Issue.record("\(method) \(path) does not say who may call it")
                    continue
                }
                documented["\(method.uppercased()) \(path)"] = access
            }
        }
        let table = RouteTable.routes.filter { $0.kind == .api && $0.path != "/metrics" }
        #expect(
            documented
                == Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.access.summary) }))
    }
}
