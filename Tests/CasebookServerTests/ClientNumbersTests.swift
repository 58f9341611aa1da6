import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Every number a client sends is parsed with bounds: out of range or not a number is a 400 that
/// names the parameter, never a trap and never silently ignored.
@Suite("Numbers from clients", .serialized)
struct ClientNumbersTests {
    let fixture: RouteFixture

    init() throws { fixture = try RouteFixture() }

    @Test(arguments: [
        "page=9223372036854775807", "page=-1", "page=abc", "page=1e3", "page=99999999999999999999",
    ])
    func aSurveyPageNumberOutOfRangeIsRefusedNamingIt(query: String) async throws {
        try await fixture.withPages { pages in
            let page = try await pages.get("/survey?\(query)")
            #expect(page.status == .badRequest)
            #expect(page.html.contains("query parameter &#39;page&#39; must be a whole number"))
        }
    }

    @Test(arguments: [
        ("/api/diary?limit=abc", "limit"), ("/api/diary?limit=0", "limit"),
        ("/api/diary?offset=-1", "offset"), ("/api/diary?offset=9223372036854775807", "offset"),
        ("/api/respondents?limit=99999999999999999999", "limit"),
        ("/api/respondents?limit=1001", "limit"),
    ])
    func anAPINumberOutOfRangeIsA400NamingIt(uri: String, name: String) async throws {
        try await fixture.test { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                let message = try #require(RouteFixture.errorMessage(response.body))
                #expect(message.hasPrefix("query parameter '\(name)' must be a whole number from"))
            }
        }
    }

    @Test func numbersWithinRangeStillWork() async throws {
        try await fixture.test { client in
            for uri in ["/api/diary?limit=1000&offset=5", "/api/respondents?limit=1000"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }
        try await fixture.withPages { pages in
            let page = try await pages.get("/survey?page=1000000")
            #expect(page.status == .ok)
        }
    }
}
