import CasebookTestSupport
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// The diary's calendar: a month's days, each with entries a link to them and their count,
/// the month's entries and words, and the months before and after.
@Suite("The diary's calendar")
struct DiaryCalendarPageTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    static func noon(_ day: String) -> Date {
        ISO8601DateFormatter().date(from: day + "T12:00:00Z")!
    }

    @Test func aMonthShowsItsDaysCountsAndWords() async throws {
        for (day, text) in [
            ("2026-03-02", "A walk by the sea"), ("2026-03-02", "Soup at home"),
            ("2026-03-17", "Rain"),
        ] {
            try stores.diary.save(Entry(date: Self.noon(day), text: text))
        }
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            var pages = PageClient(client)
            let march = try await pages.get("/diary?month=2026-03").html
            #expect(march.contains(#"<details class="diary-calendar" open>"#))
            #expect(march.contains("<summary>March 2026: 3 entries · 9 words</summary>"))
            #expect(
                march.contains(
                    #"<a href="/diary?from=2026-03-02&amp;to=2026-03-02" aria-label="March 2: 2 entries">2<span class="count" aria-hidden="true">2</span></a>"#
                ))
            #expect(march.contains(#"aria-label="March 17: 1 entry">17<"#))
            // 1 March 2026 is a Sunday: six empty days before it.
            #expect(
                march.contains(
                    "<tr><td></td><td></td><td></td><td></td><td></td><td></td><td>1</td></tr>"))
            #expect(
                march.contains(#"<a href="/diary?month=2026-02">Previous month</a>"#))
            #expect(march.contains(#"<a href="/diary?month=2026-04">Next month</a>"#))
            // The day's link lists that day's entries.
            let day = try await pages.get("/diary?from=2026-03-02&to=2026-03-02").html
            #expect(day.contains("A walk by the sea") && day.contains("Soup at home"))
            #expect(!day.contains("Rain"))
            // The top of the list: this month's, folded, and no month after it.
            let top = try await pages.get("/diary").html
            #expect(top.contains(#"<details class="diary-calendar">"#))
            #expect(!top.contains(">Next month</a>"))
        }
    }

    /// Outside a search, a row shows the entry's first line as its title (a heading's `#`
    /// taken off) and the lines after it as a preview.
    @Test func aRowShowsATitleLineAndAPreview() async throws {
        try stores.diary.save(
            Entry(
                date: Self.noon("2026-03-02"),
                text: "# The lighthouse\n\nThe sea was *calm*.\nThe wind was cold."))
        try stores.diary.save(Entry(date: Self.noon("2026-03-03"), text: "One line"))
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            var pages = PageClient(client)
            let list = try await pages.get("/diary").html
            #expect(list.contains(#"">The lighthouse</a>"#))
            #expect(
                list.contains(
                    #"<p class="entry-preview">The sea was *calm*. The wind was cold.</p>"#))
            #expect(list.contains(#"">One line</a>"#))
            #expect(list.components(separatedBy: "entry-preview").count - 1 == 1)
            // A search shows where its words are, as before.
            let found = try await pages.get("/diary?q=wind").html
            #expect(found.contains("<mark>wind</mark>"))
            #expect(!found.contains("entry-preview"))
        }
    }
}
