import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// `/` shows the same systems to everyone, so it is rendered once, not on every request.
@Suite("The home page")
struct HomePageTests {
    @Test func isRenderedOnceAndServedToEveryVisitorWithTheirOwnToken() async throws {
        let directory = try TemporaryDirectory()
        let audit = PageAudit()
        let router = try CasebookServer.router(
            stores: try CasebookServer.Stores.open(in: directory.url),
            configuration: .init(dataDirectory: directory.url),
            renderer: try PageRenderer(audit: audit))
        try await Application(router: router).test(.router) { client in
            var first = PageClient(client)
            var second = PageClient(client)
            let pages = [
                try await first.get("/"), try await first.get("/"), try await second.get("/"),
            ]
            #expect(pages.allSatisfy { $0.status == .ok && $0.html.contains("href=\"/diary\"") })
            #expect(pages[0].html == pages[2].html)
            #expect(pages[0].setCookies.contains { $0.hasPrefix("casebook_csrf=") })
            #expect(!pages[1].setCookies.contains { $0.hasPrefix("casebook_csrf=") })
            #expect(first.token != nil && second.token != nil && first.token != second.token)
        }
        #expect(audit.renders.filter { $0.template == "home" }.count == 1)
    }

    /// The navigation marks the page it is on (`aria-current="page"`), and no other.
    @Test(arguments: ["/", "/menu", "/diary", "/factor", "/survey", "/account", "/documents"])
    func theNavigationMarksTheCurrentPage(path: String) async throws {
        let directory = try TemporaryDirectory()
        let router = try CasebookServer.router(
            stores: try CasebookServer.Stores.open(in: directory.url))
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            let page = try await pages.get(path)
            let nav = page.html.components(separatedBy: "</nav>")[0]
            let marked = nav.components(separatedBy: "<a ").dropFirst().filter {
                $0.contains("aria-current=\"page\"")
            }
            #expect(marked.count == 1 && marked[0].contains("href=\"\(path)\""), "\(marked)")
        }
    }
}
