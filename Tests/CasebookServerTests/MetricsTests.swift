import CasebookServer
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("GET /metrics")
struct MetricsTests {
    /// Requests are counted by method, route pattern and status, and timed by route, in
    /// Prometheus's text format; an entry's id never becomes a series of its own.
    @Test func countsAndTimesRequestsByRoute() async throws {
        let directory = try TemporaryDirectory()
        let stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            for _ in 0..<2 { try await client.execute(uri: "/api/menu", method: .get) { _ in } }
            let missing = "/api/diary/00000000-0000-4000-8000-000000000001"
            try await client.execute(uri: missing, method: .get) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(
                    response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let text = String(buffer: response.body)
                #expect(
                    text.contains(
                        #"casebook_http_requests_total{method="GET",route="/api/menu",status="200"} 2"#
                    ))
                #expect(
                    text.contains(
                        #"casebook_http_requests_total{method="GET",route="/api/diary/{id}",status="404"} 1"#
                    ))
                #expect(
                    text.contains(
                        #"casebook_http_request_duration_seconds_count{method="GET",route="/api/menu"} 2"#
                    ))
                #expect(!text.contains("00000000-0000-4000"))
                #expect(!text.contains("casebook_database"), "no database, no database metrics")
            }
        }
    }
}
