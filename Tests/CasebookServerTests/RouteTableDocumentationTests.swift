import Foundation
import Testing

@testable import CasebookServer

/// `docs/security.md` shows who may use each route as `RouteTable` says, row for row: a route
/// added to the table, or a permission changed, fails here until the documentation says so.
@Suite("The route table in the documentation")
struct RouteTableDocumentationTests {
    static let start = "<!-- The table below is RouteTable's, row for row (a test checks it). -->"

    /// The table as the documentation writes it.
    static var markdown: String {
        let rows = RouteTable.routes.map { route in
            let kind = route.kind == .api ? "API" : "page"
            return
                "| `\(route.method.rawValue)` | `\(route.path)` | \(kind) | \(route.access.summary) |"
        }
        return (["| method | path | kind | who may use it |", "| --- | --- | --- | --- |"] + rows)
            .joined(separator: "\n")
    }

    @Test func theSecurityDocumentShowsTheRouteTable() throws {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/security.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let after = try #require(text.range(of: Self.start)).upperBound
        let table = text[after...].drop { $0 == "\n" }.components(separatedBy: "\n\n")[0]
        #expect(table == Self.markdown, "write this into docs/security.md:\n\(Self.markdown)")
    }
}
