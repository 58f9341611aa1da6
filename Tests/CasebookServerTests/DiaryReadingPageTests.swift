import CasebookTestSupport
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// An entry's page reads first: its text rendered from Markdown, HTML in it shown as text and
/// unsafe links without their address, then an Edit link to its form, which keeps the text as
/// written.
@Suite("An entry as it reads")
struct DiaryReadingPageTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    @Test func anEntryReadsRenderedWithItsFormUnderIt() async throws {
        let text = """
            # A walk to the lighthouse

            The sea was *calm*, the wind **cold**.

            - bread
            - cheese

            <script>alert("owned")</script>

            A [click](javascript:alert(1)) away.
            """
        let entry = Entry(date: Date(), text: text)
        try stores.diary.save(entry)
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            var pages = PageClient(client)
            let page = try await pages.get("/diary/\(entry.id.uuidString.lowercased())")
            #expect(page.status == .ok)
            let html = page.html
            let reading = try #require(html.range(of: #"<article class="entry-reading""#))
            let form = try #require(html.range(of: #"<form class="entry-form""#))
            #expect(reading.lowerBound < form.lowerBound)
            #expect(html.contains("<h1>A walk to the lighthouse</h1>"))
            #expect(
                html.contains("<p>The sea was <em>calm</em>, the wind <strong>cold</strong>.</p>"))
            #expect(html.contains("<li>bread</li>"))
            #expect(html.contains("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;"))
            #expect(!html.contains("<script>alert"))
            #expect(html.contains(#"<a href="">click</a>"#))
            #expect(
                html.contains(
                    ##"<a class="button-link" href="#edit-heading" id="edit-entry">Edit</a>"##))
            // The form holds the text as written, and does not take the focus from the reading.
            #expect(html.contains("# A walk to the lighthouse\n\nThe sea was *calm*"))
            #expect(!html.contains(" autofocus"))
            // A new entry is its form alone, focused.
            let new = try await pages.get("/diary/new")
            #expect(!new.html.contains("entry-reading"))
            #expect(new.html.contains(" autofocus>"))
        }
    }
}
