import Accounts
import CasebookDataDirectory
import CasebookServer
import CasebookTestSupport
import CasebookWire
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("The web pages", .serialized)
struct WebPagesTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    func withPages(_ test: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            var pages = PageClient(client)
            try await test(&pages)
        }
    }

    @Test(arguments: [
        ("/", "Casebook"), ("/menu", "Giuseppe&#39;s"), ("/diary", "Diary"), ("/diary/new", "Save"),
        ("/survey", "Survey"), ("/factor", "Prime factors"), ("/account", "Account"),
        ("/documents", "Documents"),
    ])
    func everyPageHasATitleLandmarksAndLabelledFields(path: String, text: String) async throws {
        try await withPages { pages in
            let page = try await pages.get(path)
            #expect(page.status == .ok)
            #expect(page.html.contains("<title>"))
            #expect(page.html.contains(text))
            #expect(
                page.html.contains("<main id=\"main\">")
                    && page.html.contains("<nav aria-label=\"Systems\">"))
            #expect(page.html.contains("name=\"viewport\""))
            let inputs =
                page.html.components(separatedBy: "<input id=\"").count
                + page.html.components(separatedBy: "<textarea id=\"").count
                + page.html.components(separatedBy: "<select id=\"").count - 3
            let labels = page.html.components(separatedBy: "<label for=\"").count - 1
            #expect(labels == inputs, "every visible field has a label")
        }
    }

    @Test func theMenuShowsThreeSectionsInOrderWithPrices() async throws {
        try await withPages { pages in
            let html = try await pages.get("/menu").html
            let pizzas = try #require(html.range(of: ">Pizzas</h2>"))
            let beverages = try #require(html.range(of: ">Beverages</h2>"))
            let desserts = try #require(html.range(of: ">Desserts</h2>"))
            #expect(
                pizzas.lowerBound < beverages.lowerBound
                    && beverages.lowerBound < desserts.lowerBound)
            #expect(
                html.contains(
                    "<span class=\"item-title\">Margherita</span> <span class=\"price\">€8.50</span>"
                ))
        }
    }

    @Test func addsUpdatesAndDeletesADiaryEntryThroughForms() async throws {
        try await withPages { pages in
            let created = try await pages.post("/diary", ["text": "A walk by the sea"])
            #expect(created.status == .seeOther && created.location == "/diary")
            let list = try await pages.get("/diary").html
            #expect(list.contains("A walk by the sea"))
            let entry = try #require(try stores.diary.newestEntries(limit: 1, offset: 0).first)
            let id = entry.id.uuidString.lowercased()
            #expect(try await pages.get("/diary/\(id)").html.contains("Update"))

            #expect(
                try await pages.post("/diary/\(id)", ["text": "A long walk by the sea"]).status
                    == .seeOther)
            #expect(try stores.diary.entry(id: entry.id)?.text == "A long walk by the sea")

            #expect(
                try await pages.post("/diary/\(id)/delete", ["confirm": "yes"]).status
                    == .seeOther)
            #expect(try stores.diary.count() == 0)
        }
    }

    /// The diary's first page shows "On this day": the entries of today's date in past years,
    /// newest year first, each a link; none when there are none.
    @Test func theListShowsOnThisDayInPastYears() async throws {
        try await withPages { pages in
            let empty = try await pages.get("/diary")
            #expect(!empty.html.contains("On this day"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .autoupdatingCurrent
            let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: Date())!
            for (years, text) in [(1, "A year ago today"), (3, "Three years ago today")] {
                let date = calendar.date(byAdding: .year, value: -years, to: noon)!
                try stores.diary.save(Entry(date: date, text: text))
            }
            try stores.diary.save(
                Entry(date: noon.addingTimeInterval(-86_400 * 400), text: "Not today"))
            let page = try await pages.get("/diary")
            #expect(page.html.contains("<h2 id=\"on-this-day\">On this day</h2>"))
            let year = calendar.component(.year, from: noon)
            #expect(page.html.contains("1 year ago, \(year - 1):"))
            #expect(page.html.contains("3 years ago, \(year - 3):"))
            let section = try #require(
                page.html.firstMatch(
                    of: /<section class="on-this-day".*?<\/section>/.dotMatchesNewlines()))
            #expect(String(section.0).contains("A year ago today"))
            #expect(!String(section.0).contains("Not today"))
        }
    }

    /// An entry is dated when it happened: the form shows when (now, for a new one) in the
    /// reader's zone; changed, it dates the entry, or moves it, by the revision rules; left as
    /// it was, a new entry is dated when it is saved; a time the clocks skip is refused there.
    @Test func theFormDatesAnEntryWhenItHappened() async throws {
        try await withPages { pages in
            pages.setCookie("casebook_tz", "Europe%2FRome")
            let form = try await pages.get("/diary/new")
            #expect(form.html.contains("type=\"datetime-local\""))
            #expect(form.html.contains("In your time zone, Central European Time (Europe/Rome)."))
            let shown = try #require(
                form.html.firstMatch(of: /name="when-shown" value="([^"]+)"/)?.1)
            let now = try await pages.post(
                "/diary", ["text": "Now", "when": String(shown), "when-shown": String(shown)])
            #expect(now.status == .seeOther)
            let added = try await pages.post(
                "/diary",
                ["text": "Last summer", "when": "2025-07-14T21:00", "when-shown": String(shown)])
            #expect(added.status == .seeOther)
            let entries = try stores.diary.newestEntries(limit: 5, offset: 0)
            let summer = try #require(entries.first { $0.text == "Last summer" })
            #expect(summer.date == Date(timeIntervalSince1970: 1_752_519_600))  // 19:00 UTC
            #expect(
                try #require(entries.first { $0.text == "Now" }).date.timeIntervalSinceNow > -60)
            let skipped = try await pages.post(
                "/diary",
                ["text": "Lost hour", "when": "2026-03-29T02:30", "when-shown": String(shown)])
            #expect(skipped.status == .badRequest)
            #expect(skipped.html.contains("02:30 on 2026-03-29 does not exist in Europe/Rome"))
            #expect(skipped.html.contains("Lost hour"), "what was typed is kept")
            let id = summer.id.uuidString.lowercased()
            let detail = try await pages.get("/diary/\(id)")
            #expect(detail.html.contains("value=\"2025-07-14T21:00\""))
            let revision = try #require(
                detail.html.firstMatch(of: /name="revision" value="(\d+)"/)?.1)
            let moved = try await pages.post(
                "/diary/\(id)",
                [
                    "text": "Last summer", "revision": String(revision), "when": "2025-07-15T09:15",
                    "when-shown": "2025-07-14T21:00",
                ])
            #expect(moved.status == .seeOther)
            #expect(
                try stores.diary.entry(id: summer.id)?.date
                    == Date(timeIntervalSince1970: 1_752_563_700))  // 07:15 UTC
            let stale = try await pages.post(
                "/diary/\(id)",
                [
                    "text": "Last summer", "revision": String(revision), "when": "2025-07-16T09:15",
                    "when-shown": "2025-07-14T21:00",
                ])
            #expect(stale.status == .conflict, "a date changed is a change like any other")
        }
        #expect(try stores.diary.count() == 2)
    }

    /// After every change the next page says what happened, once; a delete asks first (a page
    /// of its own, without JavaScript) and can be undone, giving back the same entry.
    @Test func changesAreConfirmedADeleteAsksFirstAndCanBeUndone() async throws {
        try await withPages { pages in
            _ = try await pages.post("/diary", ["text": "A walk by the sea"])
            let first = try await pages.get("/diary").html
            #expect(first.contains(#"role="status"><p>Entry added.</p>"#))
            let second = try await pages.get("/diary").html
            #expect(!second.contains("Entry added."), "said once")
            let entry = try #require(try stores.diary.newestEntries(limit: 1, offset: 0).first)
            let id = entry.id.uuidString.lowercased()
            _ = try await pages.post("/diary/\(id)", ["text": "A long walk by the sea"])
            #expect(try await pages.get("/diary").html.contains("Entry saved."))

            let asked = try await pages.post("/diary/\(id)/delete", [:])
            #expect(asked.status == .ok)
            #expect(asked.html.contains("Delete this entry?"))
            #expect(asked.html.contains("A long walk by the sea"))
            #expect(asked.html.contains(#"name="confirm" value="yes""#))
            #expect(try stores.diary.count() == 1, "nothing is deleted before it is confirmed")

            _ = try await pages.post("/diary/\(id)/delete", ["confirm": "yes"])
            #expect(try stores.diary.count() == 0)
            let after = try await pages.get("/diary").html
            #expect(after.contains("Entry deleted."))
            let undo = try #require(Self.fields(of: "/diary/restore", in: after))
            #expect(undo["id"] == id)
            let restored = try await pages.post("/diary/restore", undo)
            #expect(restored.status == .seeOther && restored.location == "/diary")
            let back = try #require(try stores.diary.entry(id: entry.id))
            #expect(back.text == "A long walk by the sea")
            #expect(abs(back.date.timeIntervalSince(entry.date)) < 0.001)
            #expect(try await pages.get("/diary").html.contains("Entry restored."))
            let again = try await pages.post("/diary/restore", undo)
            #expect(again.status == .conflict, "an entry that is there is not restored twice")
            #expect(try stores.diary.count() == 1)
        }
    }

    @Test(arguments: [
        ["id": "not-an-id", "date": "2026-01-01T00:00:00.000Z", "text": "x"],
        ["id": "00000000-0000-0000-0000-000000000001", "date": "yesterday", "text": "x"],
        [
            "id": "00000000-0000-0000-0000-000000000001", "date": "2026-01-01T00:00:00.000Z",
            "text": " ",
        ],
    ])
    func aRestoreThatIsNotAnEntryIsRefused(fields: [String: String]) async throws {
        try await withPages { pages in
            let refused = try await pages.post("/diary/restore", fields)
            #expect(refused.status == .badRequest)
            let count = try stores.diary.count()
            #expect(count == 0)
        }
    }

    /// The hidden fields of the form posting to `action` in `html`.
    static func fields(of action: String, in html: String) -> [String: String]? {
        guard let start = html.range(of: #"action="\#(action)""#) else { return nil }
        let form = html[start.upperBound...].prefix { _ in true }
        let end = form.range(of: "</form>")?.lowerBound ?? form.endIndex
        var fields: [String: String] = [:]
        for input in form[..<end].components(separatedBy: "<input").dropFirst() {
            guard let name = Self.attribute("name", in: input),
                let value = Self.attribute("value", in: input), name != "csrf"
            else { continue }
            fields[name] = value
        }
        return fields
    }

    /// The revision an entry's form carries (`name="revision"`), if it carries one.
    static func revision(in html: String) -> String? {
        html.firstMatch(of: /name="revision" value="(\d+)"/).map { String($0.1) }
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                of: "&lt;", with: "<"
            )
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
                of: "&amp;", with: "&")
    }

    /// Every entry is reachable: Older and Newer links page through the diary (by position,
    /// so nothing moves while entries are added), and a month can be jumped to.
    @Test func olderAndNewerPageThroughEveryEntryAndAMonthCanBeJumpedTo() async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for day in 0..<120 {
            try stores.diary.save(
                Entry(date: start.addingTimeInterval(Double(day) * 86_400), text: "Day \(day)"))
        }
        @Sendable func texts(_ html: String) -> [String] {
            html.components(separatedBy: #"class="entry-text" href="/diary/"#).dropFirst()
                .compactMap {
                    $0.split(separator: ">", maxSplits: 1).last?.split(separator: "<").first.map(
                        String.init)
                }
        }
        @Sendable func link(_ rel: String, _ html: String) -> String? {
            guard let range = html.range(of: #"rel="\#(rel)" href=""#) else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(
                of: "&amp;", with: "&")
        }
        try await withPages { pages in
            pages.setCookie("casebook_tz", "UTC")
            var seen: [String] = []
            var html = try await pages.get("/diary").html
            #expect(link("prev", html) == nil)
            while true {
                seen += texts(html)
                guard let older = link("next", html) else { break }
                if seen.count == 50 {
                    try stores.diary.save(Entry(date: Date(), text: "Added meanwhile"))
                }
                html = try await pages.get(older).html
                #expect(link("prev", html) != nil)
            }
            #expect(seen == (0..<120).reversed().map { "Day \($0)" })
            let newer = try #require(link("prev", html))
            let back = try await pages.get(newer).html
            #expect(texts(back) == (20..<70).reversed().map { "Day \($0)" })
            // March 2026 starts at day 59: its last day (day 89) heads the page.
            let march = try await pages.get("/diary?month=2026-03").html
            #expect(texts(march).first == "Day 89")
            #expect(try await pages.get("/diary?month=2026-13").status == .badRequest)
            #expect(try await pages.get("/diary?older=nope").status == .badRequest)
        }
    }

    /// The search box finds entries by their words (case and accents ignored), within the
    /// days asked (in the reader's zone), each result an excerpt with the words found marked
    /// (escaped as any text is); more results are a link away, and the box keeps the search.
    /// `before`, an instant, bounds the list as the API's does; anything else is a 400.
    @Test func theListIsBoundedByAnInstantAsTheAPIsIs() async throws {
        try stores.diary.save(Entry(date: Date(timeIntervalSince1970: 1_000), text: "early #x"))
        try stores.diary.save(Entry(date: Date(timeIntervalSince1970: 2_000), text: "late #x"))
        try await withPages { pages in
            let bounded = try await pages.get("/diary?tag=x&before=1970-01-01T00:20:00Z").html
            #expect(bounded.contains("early #x") && !bounded.contains("late #x"))
            #expect(try await pages.get("/diary?before=soon").status == .badRequest)
        }
    }

    /// The search box says how it reads what is typed, beside it.
    @Test func theSearchBoxSaysHowItReadsWords() async throws {
        try await withPages { pages in
            let list = try await pages.get("/diary").html
            #expect(
                list.contains(
                    #"<input id="q" name="q" type="search" value="" aria-describedby="q-hint">"#))
            #expect(
                list.contains(
                    #"<p class="hint" id="q-hint">Entries with all the words, in any order"#))
        }
    }

    /// A field a page takes once, sent twice, is a 400 naming it, not its first value kept; a
    /// field that may be repeated (a tag to list by) is taken each time.
    @Test func aFieldGivenTwiceIsRefusedUnlessItMayBeRepeated() async throws {
        try await withPages { pages in
            let posted = try await pages.postEncoded("/diary", "text=a&text=b")
            #expect(posted.status == .badRequest)
            #expect(posted.html.contains("form field &#39;text&#39; is given more than once"))
            let searched = try await pages.get("/diary?q=a&q=b")
            #expect(searched.status == .badRequest)
            #expect(searched.html.contains("query parameter &#39;q&#39; is given more than once"))
            #expect(try await pages.get("/diary?tag=a&tag=b").status == .ok)
        }
        #expect(try stores.diary.count() == 0)
    }

    @Test func theSearchBoxFindsEntriesWithTheWordsMarkedWithinTheDaysAsked() async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for day in 0..<60 {
            let text = day % 2 == 0 ? "Day \(day): a walk to the <Café>" : "Day \(day): bread"
            try stores.diary.save(
                Entry(date: start.addingTimeInterval(Double(day) * 86_400 + 3600), text: text))
        }
        try await withPages { pages in
            pages.setCookie("casebook_tz", "UTC")
            let html = try await pages.get("/diary?q=WALK%2A+cafe&from=&to=").html
            #expect(html.contains(#"<input id="q" name="q" type="search" value="WALK* cafe""#))
            #expect(html.contains("Day 58: a <mark>walk</mark> to the &lt;<mark>Café</mark>&gt;"))
            #expect(!html.contains("bread"))
            #expect(html.components(separatedBy: #"class="entry-text""#).count - 1 == 30)
            let bounded = try await pages.get("/diary?q=cafe&from=2026-01-03&to=2026-01-06").html
            #expect(bounded.components(separatedBy: #"class="entry-text""#).count - 1 == 2)
            #expect(bounded.contains("Day 4:") && bounded.contains("Day 2:"))
            #expect(bounded.contains(#"value="2026-01-03""#))
            let none = try await pages.get("/diary?q=nothing").html
            #expect(none.contains("No entries have these words."))
            #expect(try await pages.get("/diary?q=%21%21").status == .badRequest)
            #expect(try await pages.get("/diary?q=cafe&from=soon").status == .badRequest)
        }
        for early in 0..<25 {
            try stores.diary.save(
                Entry(
                    date: start.addingTimeInterval(-60 * Double(early)),
                    text: "an early walk, cafe \(early)"))
        }
        try await withPages { pages in
            pages.setCookie("casebook_tz", "UTC")
            let first = try await pages.get("/diary?q=cafe").html
            let range = try #require(first.range(of: #"rel="next" href=""#))
            let older = String(first[range.upperBound...].prefix { $0 != "\"" })
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(older.hasPrefix("/diary?q=cafe&older="))
            let second = try await pages.get(older).html
            #expect(second.components(separatedBy: #"class="entry-text""#).count - 1 == 5)
            #expect(second.contains("an early walk, <mark>cafe</mark> 24"))
            #expect(second.contains(#"rel="next""#) == false)
        }
    }

    /// An entry's tags are links to the entries with that tag; the page lists the tags most
    /// used first, with how many entries have each; a search keeps the tag it is within.
    @Test func tagsLinkToTheirEntriesAndAreListedWithTheirCounts() async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for (offset, text) in [
            "#walk by the #sea", "a #walk in town", "#Walk, #sea & soup", "plain",
        ]
        .enumerated() {
            try stores.diary.save(Entry(date: start.addingTimeInterval(Double(offset)), text: text))
        }
        try await withPages { pages in
            let top = try await pages.get("/diary").html
            #expect(top.contains(#"<a class="tag" href="/diary?tag=walk">#walk</a>"#))
            #expect(top.contains(#"<a href="/diary?tag=walk">#walk</a> 3"#))
            #expect(top.contains(#"<a href="/diary?tag=sea">#sea</a> 2"#))
            let walks = try await pages.get("/diary?tag=walk").html
            #expect(walks.components(separatedBy: #"class="entry-text""#).count - 1 == 3)
            #expect(walks.contains(#"<input type="hidden" name="tag" value="walk">"#))
            let soup = try await pages.get("/diary?tag=walk&q=soup").html
            #expect(soup.components(separatedBy: #"class="entry-text""#).count - 1 == 1)
            #expect(try await pages.get("/diary?tag=%23walk").status == .badRequest)
        }
    }

    /// A deleted entry waits on the trash page, with when it was deleted, and Restore puts it
    /// back; the diary page links to the trash.
    @Test func theTrashPageListsDeletedEntriesAndRestoresThem() async throws {
        let entry = Entry(date: Date(timeIntervalSince1970: 1_767_225_600), text: "Back <soon>")
        try stores.diary.save(entry)
        let id = entry.id.uuidString.lowercased()
        try await withPages { pages in
            #expect(
                try await pages.get("/diary").html.contains(
                    #"<a href="/diary/trash">Deleted entries</a>"#))
            #expect(try await pages.get("/diary/trash").html.contains("The trash is empty."))
            _ = try await pages.post("/diary/\(id)/delete", ["confirm": "yes"])
            let trash = try await pages.get("/diary/trash").html
            #expect(trash.contains("Back &lt;soon&gt;"))
            #expect(trash.contains("kept here for 30 days"))
            #expect(trash.contains(#"action="/diary/trash/\#(id)/restore""#))
            let restored = try await pages.post("/diary/trash/\(id)/restore", [:])
            #expect(restored.status == .seeOther && restored.location == "/diary")
            #expect(try stores.diary.entry(id: entry.id) == entry)
            #expect(try await pages.get("/diary").html.contains("Entry restored."))
            #expect(try await pages.post("/diary/trash/\(id)/restore", [:]).status == .notFound)
            #expect(
                try await pages.post("/diary/trash/\(id)/restore", [:], withToken: false).status
                    == .forbidden)
        }
    }

    /// The diary downloads as a file: Casebook's JSON (what `diary import` reads), Markdown or
    /// jrnl's journal, dated in the reader's zone.
    @Test func theDiaryDownloadsAsJSONMarkdownOrJrnl() async throws {
        let entry = Entry(date: Date(timeIntervalSince1970: 1_772_357_400), text: "Walked. #sea")
        try stores.diary.save(entry)
        try await withPages { pages in
            pages.setCookie("casebook_tz", "Europe/Rome")
            #expect(
                try await pages.get("/diary").html.contains(#"href="/diary/export?format=json""#))
            let json = try await pages.get("/diary/export?format=json")
            #expect(json.status == .ok)
            #expect(json.headers[.contentType] == "application/json")
            #expect(json.headers[.contentDisposition] == #"attachment; filename="diary.json""#)
            let decoded = try JSONDecoder().decode(
                DiaryEntriesWire.self, from: Data(json.html.utf8))
            #expect(decoded.entries.map(\.text) == ["Walked. #sea"])
            let markdown = try await pages.get("/diary/export?format=markdown")
            #expect(markdown.headers[.contentDisposition] == #"attachment; filename="diary.md""#)
            #expect(markdown.html == "# Diary\n\n## 2026-03-01 10:30\n\nWalked. #sea\n")
            let jrnl = try await pages.get("/diary/export?format=jrnl")
            #expect(jrnl.headers[.contentDisposition] == #"attachment; filename="diary.txt""#)
            #expect(jrnl.html == "[2026-03-01 10:30] Walked. #sea\n")
            #expect(try await pages.get("/diary/export?format=csv").status == .badRequest)
        }
    }

    /// The import page takes a diary file as a browser sends it, through the same reading as
    /// `casebook diary import`: says what it added, adds nothing twice, and refuses a
    /// malformed file whole, naming it and the entry.
    @Test func aDiaryFileIsImportedFromThePageOnce() async throws {
        let file = #"""
            {"entries": [
              {"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2020-02-29T23:59:59.400Z", "text": "leap #day"},
              {"id": "0f0e0d0c-0b0a-4900-8800-000000000002", "date": "2021-03-01T08:00:00.000Z", "text": "spring"}
            ]}
            """#
        try await withPages { pages in
            #expect(try await pages.get("/diary").html.contains(#"href="/diary/import""#))
            let form = try await pages.get("/diary/import")
            #expect(form.status == .ok)
            #expect(form.html.contains(#"enctype="multipart/form-data""#))
            let first = try await pages.postFile(
                "/diary/import", ["format": ""], file: file, filename: "diary.json")
            #expect(first.status == .ok)
            #expect(first.html.contains("Imported 2 entries from diary.json."))
            let again = try await pages.postFile(
                "/diary/import", ["format": "casebook"], file: file, filename: "diary.json")
            #expect(
                again.html.contains(
                    "Imported 0 entries from diary.json; 2 entries were already there."))
            let broken = try await pages.postFile(
                "/diary/import", [:],
                file: file.replacingOccurrences(of: "2021-03-01", with: "March"),
                filename: "broken.json")
            #expect(broken.status == .badRequest)
            #expect(broken.html.contains("Nothing was imported: broken.json: entry 2: the date"))
            let forged = try await pages.postFile(
                "/diary/import", [:], file: file, filename: "diary.json", withToken: false)
            #expect(forged.status == .forbidden)
            let wrongFormat = try await pages.postFile(
                "/diary/import", ["format": "csv"], file: file, filename: "diary.json")
            #expect(wrongFormat.status == .badRequest)
        }
        #expect(try stores.diary.count() == 2)
        let leap = try #require(
            try stores.diary.entry(id: UUID(uuidString: "0f0e0d0c-0b0a-4900-8800-000000000001")!))
        #expect(WireDateText.text(of: leap.date) == "2020-02-29T23:59:59.400Z")
    }

    /// A file refused is the import page again with the format that was chosen still chosen;
    /// the page says that a jrnl journal, which has no ids, comes again when imported again.
    @Test func theImportPageKeepsTheChosenFormatAndSaysWhatJrnlKeeps() async throws {
        try await withPages { pages in
            let form = try await pages.get("/diary/import")
            #expect(form.html.contains("A jrnl journal has no ids"))
            let refused = try await pages.postFile(
                "/diary/import", ["format": "dayone"], file: "[2026-01-01 10:00] x\n",
                filename: "journal.txt")
            #expect(refused.status == .badRequest)
            #expect(refused.html.contains(#"<option value="dayone" selected>"#))
        }
        #expect(try stores.diary.count() == 0)
    }

    /// The import page takes one file: two are refused, naming the field, and neither is
    /// imported, where the second was dropped without a word.
    @Test func twoDiaryFilesSentToTheImportPageAreRefused() async throws {
        let file: @Sendable (Int, String) -> String = { n, text in
            #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-00000000000\#(n)", "date": "2021-03-01T08:00:00.000Z", "text": "\#(text)"}]}"#
        }
        try await withPages { pages in
            let both = try await pages.postFiles(
                "/diary/import", [:],
                files: [
                    (field: "file", filename: "one.json", contents: file(1, "one")),
                    (field: "file", filename: "two.json", contents: file(2, "two")),
                ])
            #expect(both.status == .badRequest)
            #expect(both.html.contains("form field &#39;file&#39; is given more than once"))
        }
        #expect(try stores.diary.count() == 0)
    }

    /// Each entry has a star button; a starred entry shows it pressed, "Starred entries"
    /// lists them, and the button goes back to the page it was on, never elsewhere.
    @Test func entriesAreStarredFromTheListAndListedOnTheirOwn() async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let entries = (0..<3).map {
            Entry(date: start.addingTimeInterval(Double($0)), text: "Entry \($0) #walk")
        }
        for entry in entries { try stores.diary.save(entry) }
        let id = entries[1].id.uuidString.lowercased()
        try await withPages { pages in
            #expect(try await pages.get("/diary").html.contains(#"aria-pressed="false""#))
            let starred = try await pages.post(
                "/diary/\(id)/star", ["starred": "yes", "back": "/diary?tag=walk"])
            #expect(starred.status == .seeOther && starred.location == "/diary?tag=walk")
            let list = try await pages.get("/diary?tag=walk").html
            #expect(list.components(separatedBy: #"aria-pressed="true""#).count - 1 == 1)
            let only = try await pages.get("/diary?starred=true").html
            #expect(only.components(separatedBy: #"class="entry-text""#).count - 1 == 1)
            #expect(only.contains("Entry 1 #walk"))
            for elsewhere in [
                "https://evil.example/", "//evil.example", "/diary/../login", "/diaryx",
            ] {
                let answer = try await pages.post(
                    "/diary/\(id)/star", ["starred": "no", "back": elsewhere])
                #expect(answer.location == "/diary", "\(elsewhere)")
            }
            #expect(try await pages.get("/diary?starred=true").html.contains("No starred entries."))
        }
    }

    /// A search the diary cannot read is the list page again, the search as typed in its box
    /// and what is wrong beside it, not a bare error page.
    @Test func aSearchThatCannotBeReadIsTheListAgainSayingWhy() async throws {
        try stores.diary.save(Entry(date: Date(timeIntervalSince1970: 1_000), text: "a walk"))
        try await withPages { pages in
            let refused = try await pages.get("/diary?q=%22unclosed&from=2026-01-01")
            #expect(refused.status == .badRequest)
            #expect(
                refused.html.contains(
                    #"<input id="q" name="q" type="search" value="&quot;unclosed" aria-describedby="q-hint">"#
                ))
            #expect(refused.html.contains(#"name="from" type="date" value="2026-01-01""#))
            #expect(refused.html.contains(#"<p class="error" role="alert">The search: "#))
            #expect(refused.html.contains(#"<a href="/diary">All entries</a>"#))
            #expect(!refused.html.contains("a walk"))
        }
    }

    /// Deleting from a list goes back to that list (a search, a tag), through the page that
    /// asks first too, never elsewhere.
    @Test func anEntryDeletedFromAListGoesBackToThatList() async throws {
        let entries = (0..<2).map {
            Entry(
                date: Date(timeIntervalSince1970: 1_767_225_600 + Double($0)), text: "Pizza \($0)")
        }
        for entry in entries { try stores.diary.save(entry) }
        try await withPages { pages in
            #expect(
                try await pages.get("/diary?q=pizza").html.contains(
                    #"name="back" value="/diary?q=pizza""#))
            let first = entries[0].id.uuidString.lowercased()
            let asked = try await pages.post("/diary/\(first)/delete", ["back": "/diary?q=pizza"])
            #expect(
                asked.html.contains(#"<input type="hidden" name="back" value="/diary?q=pizza">"#))
            #expect(asked.html.contains(#"<a href="/diary?q=pizza">Cancel</a>"#))
            let deleted = try await pages.post(
                "/diary/\(first)/delete", ["confirm": "yes", "back": "/diary?q=pizza"])
            #expect(deleted.status == .seeOther && deleted.location == "/diary?q=pizza")
            let listed = try await pages.get("/diary?q=pizza").html
            #expect(listed.contains("Entry deleted."))
            // Its Undo goes back to that list too.
            let undo = try #require(Self.fields(of: "/diary/restore", in: listed))
            #expect(undo["back"] == "/diary?q=pizza")
            let restored = try await pages.post("/diary/restore", undo)
            #expect(restored.status == .seeOther && restored.location == "/diary?q=pizza")
            #expect(try await pages.get("/diary?q=pizza").html.contains("Entry restored."))
            let second = entries[1].id.uuidString.lowercased()
            let elsewhere = try await pages.post(
                "/diary/\(second)/delete", ["confirm": "yes", "back": "https://evil.example/"])
            #expect(elsewhere.location == "/diary")
        }
        // The first came back by its Undo; the second is deleted.
        #expect(try stores.diary.count() == 1)
    }

    /// Dates are the reader's: in the zone their browser names (`casebook_tz`, set by the
    /// pages' script), marked up as `<time datetime>` in UTC; a zone that is not one is
    /// ignored.
    /// Names a browser reports beside those of ICU's list count too: the tz database's current
    /// names where that list keeps older ones (Firefox's `Asia/Kolkata` for `Asia/Calcutta`).
    @Test(arguments: [
        "Asia/Tokyo", "America/New_York", "Europe/Rome", "Asia/Kolkata", "America/Indianapolis",
    ])
    func datesAreShownInTheReadersTimeZone(zone: String) async throws {
        let date = Date(timeIntervalSince1970: 1_767_268_800)  // 2026-01-01T12:00:00Z
        try stores.diary.save(Entry(date: date, text: "New year"))
        let english = Locale(identifier: "en_US")
        let expected = DiaryDateFormatter(
            locale: english, timeZone: TimeZone(identifier: zone)!
        ).string(from: date)
        try await withPages { pages in
            pages.setCookie("casebook_tz", zone.replacingOccurrences(of: "/", with: "%2F"))
            let html = try await pages.get("/diary").html
            #expect(
                html.contains(#"<time datetime="2026-01-01T12:00:00.000Z">\#(expected)</time>"#))
            let server = DiaryDateFormatter(locale: english).string(from: date)
            // Only zones' names: an offset of the cookie's own making is not taken either.
            for other in ["Mars%2FOlympus", "GMT%2B0130"] {
                pages.setCookie("casebook_tz", other)
                #expect(
                    try await pages.get("/diary").html.contains(">\(server)</time>"), "\(other)")
            }
        }
    }

    @Test func theListShowsChangesMadeByAnotherProcessAtOnce() async throws {
        try await withPages { pages in
            #expect(try await pages.get("/diary").html.contains("No entries yet."))
            let elsewhere = try SQLiteDiaryStore(
                path: stores.dataDirectory.appendingPathComponent("diary.sqlite").path)
            try elsewhere.save(Entry(date: Date(), text: "written by the CLI"))
            let html = try await pages.get("/diary").html
            #expect(html.contains("written by the CLI"))
            #expect(html.contains("name=\"csrf\" value=\"\(pages.token ?? "none")\""))
        }
    }

    @Test func userTextIsEscapedNeverRun() async throws {
        try await withPages { pages in
            _ = try await pages.post("/diary", ["text": "<script>alert(1)</script>"])
            let html = try await pages.get("/diary").html
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!html.contains("<script>alert(1)"))
        }
    }

    @Test func blankTextIsRefusedWithTheFormShownAgain() async throws {
        try await withPages { pages in
            let page = try await pages.post("/diary", ["text": "   "])
            #expect(page.status == .badRequest)
            #expect(page.html.contains("an entry needs some text"))
            #expect(try stores.diary.count() == 0)
        }
    }

    @Test func aFormWithoutTheCSRFTokenChangesNothing() async throws {
        try await withPages { pages in
            let page = try await pages.post("/diary", ["text": "forged"], withToken: false)
            #expect(page.status == .forbidden)
            #expect(try stores.diary.count() == 0)
        }
    }

    /// A text area's content starts after a line break of the page's own: HTML drops a line
    /// break just after `<textarea>`, so an entry that begins with one would lose it when its
    /// form is saved unchanged.
    @Test func anEntryBeginningWithALineBreakKeepsItInItsForm() async throws {
        let entry = Entry(date: Date(), text: "\nhello")
        try stores.diary.save(entry)
        try await withPages { pages in
            let form = try await pages.get("/diary/\(entry.id.uuidString.lowercased())").html
            #expect(form.contains(">\n\nhello</textarea>"), "\(form)")
        }
    }

    /// Two tabs open the same entry; the first to save wins, and the second sees a conflict
    /// page with both texts instead of silently overwriting the first.
    @Test func aStaleEditShowsBothTextsAndOverwritesNothing() async throws {
        let entry = Entry(date: Date(), text: "as opened")
        try stores.diary.save(entry)
        let id = entry.id.uuidString.lowercased()
        try await withPages { pages in
            let form = try await pages.get("/diary/\(id)").html
            let revision = try #require(Self.revision(in: form))
            let first = try await pages.post(
                "/diary/\(id)", ["text": "first tab", "revision": revision])
            #expect(first.status == .seeOther)
            let second = try await pages.post(
                "/diary/\(id)", ["text": "second <tab>", "revision": revision])
            #expect(second.status == .conflict)
            #expect(second.html.contains("Someone else changed this entry"))
            #expect(second.html.contains(">first tab</blockquote>"))
            #expect(second.html.contains(">\nsecond &lt;tab&gt;</textarea>"))
            #expect(try stores.diary.entry(id: entry.id)?.text == "first tab")
            // Saving from the conflict page (the current revision) overwrites, knowingly.
            let current = try #require(Self.revision(in: second.html))
            #expect(current != revision)
            let again = try await pages.post(
                "/diary/\(id)", ["text": "second tab", "revision": current])
            #expect(again.status == .seeOther)
            #expect(try stores.diary.entry(id: entry.id)?.text == "second tab")
            let bad = try await pages.post("/diary/\(id)", ["text": "x", "revision": "three"])
            #expect(bad.status == .badRequest)
        }
    }

    /// An edit saved after the entry was deleted (in another tab) keeps what was typed: the
    /// form comes back as a new entry's, with the text and what happened.
    @Test func anEditOfAnEntryDeletedMeanwhileKeepsItsText() async throws {
        let entry = Entry(date: Date(), text: "as opened")
        try stores.diary.save(entry)
        let id = entry.id.uuidString.lowercased()
        try await withPages { pages in
            let form = try await pages.get("/diary/\(id)").html
            let revision = try #require(Self.revision(in: form))
            try stores.diary.remove(id: entry.id)
            let typed = try await pages.post(
                "/diary/\(id)", ["text": "a long <edit>", "revision": revision])
            #expect(typed.status == .conflict)
            #expect(typed.html.contains("This entry was deleted while you edited it"))
            #expect(typed.html.contains(">\na long &lt;edit&gt;</textarea>"), "\(typed.html)")
            #expect(typed.html.contains(#"action="/diary""#))
            #expect(try stores.diary.count() == 0)
        }
    }

    /// A first visit (no CSRF cookie yet) to a diary list rendered for it alone (a search, a
    /// page further down) gets one token, in its cookie and in its forms alike.
    @Test(arguments: ["/diary?q=walk", "/diary?tag=walk"])
    func aFirstVisitsFormsCarryTheTokenOfItsCookie(uri: String) async throws {
        try stores.diary.save(Entry(date: Date(), text: "A #walk"))
        try await withPages { pages in
            let page = try await pages.get(uri)
            #expect(page.status == .ok)
            let cookie = try #require(
                page.setCookies.first { $0.hasPrefix("casebook_csrf=") }?
                    .dropFirst("casebook_csrf=".count).prefix { $0 != ";" })
            #expect(page.html.contains(#"name="csrf" value="\#(cookie)""#), "\(cookie)")
        }
    }

    @Test func getNeverChangesState() async throws {
        let entry = Entry(date: Date(), text: "stays")
        try stores.diary.save(entry)
        try await withPages { pages in
            let page = try await pages.get("/diary/\(entry.id.uuidString.lowercased())/delete")
            #expect(page.status == .notFound || page.status == .methodNotAllowed)
        }
        #expect(try stores.diary.count() == 1)
    }

    @Test func unknownAndMalformedAddressesGetPagesNotStackTraces() async throws {
        try await withPages { pages in
            let missing = try await pages.get("/no/such/page")
            #expect(missing.status == .notFound)
            #expect(missing.html.contains("There is nothing at /no/such/page."))
            let unknown = try await pages.get("/diary/6f9619ff-8b86-d011-b42d-00c04fc964ff")
            #expect(unknown.status == .notFound)
            let malformed = try await pages.get("/diary/not-an-id")
            #expect(malformed.status == .badRequest)
            #expect(malformed.html.contains("is not an entry id"))
        }
    }

    @Test func anOversizedFormIsRefused() async throws {
        try await withPages { pages in
            let page = try await pages.post(
                "/diary", ["text": String(repeating: "x", count: 1_100_000)])
            #expect(page.status == .contentTooLarge)
        }
    }

    @Test func factorsWithTheCLIsParserAndErrors() async throws {
        try await withPages { pages in
            #expect(try await pages.get("/factor?n=12").html.contains("<samp>12: 2 2 3</samp>"))
            let bad = try await pages.get("/factor?n=abc")
            #expect(bad.status == .badRequest)
            #expect(bad.html.contains("&#39;abc&#39; is not a valid positive integer"))
            // The form sent empty is the form again, asking for nothing: no number was given.
            let empty = try await pages.get("/factor?n=")
            #expect(empty.status == .ok)
            #expect(!empty.html.contains("not a valid positive integer"))
        }
    }

    @Test func factorsNumbersBeyond64BitsButNotBeyondWhatTheServerFactorsQuickly() async throws {
        try await withPages { pages in
            #expect(
                try await pages.get("/factor?n=18446744073709551617").html.contains(
                    "<samp>18446744073709551617: 274177 67280421310721</samp>"))
            // 2^96 − 1 is the largest the page takes; 2^96 is refused with a pointer to the CLI.
            let largest = try await pages.get("/factor?n=79228162514264337593543950335")
            #expect(
                largest.html.contains(
                    "<samp>79228162514264337593543950335: 3 3 5 7 13 17 97 193 241 257 673 65537 22253377</samp>"
                ))
            let beyond = try await pages.get("/factor?n=79228162514264337593543950336")
            #expect(beyond.status == .badRequest)
            #expect(beyond.html.contains("casebook factor takes numbers of any size"))
        }
    }

    /// "1 year old", "0 years old": the count and its noun agree, as English has them.
    @Test(arguments: [(0, "0 years old"), (1, "1 year old"), (2, "2 years old")])
    func anAgeIsSaidInGoodEnglish(years: Int, said: String) async throws {
        let calendar = Calendar.current
        let born = calendar.date(
            byAdding: .day, value: -1,
            to: calendar.date(byAdding: .year, value: -years, to: Date())!)!
        let components = calendar.dateComponents([.year, .month, .day], from: born)
        let text = String(
            format: "%04d-%02d-%02d", components.year!, components.month!, components.day!)
        try await withPages { pages in
            let html = try await pages.get("/account?born=\(text)").html
            #expect(html.contains(">\(said)</p>"), "\(text)")
        }
    }

    @Test func tellsAnAgeAndStoresThePasswordChoiceWithoutShowingThePassword() async throws {
        try await withPages { pages in
            #expect(try await pages.get("/account?born=2000-02-29").html.contains("years old"))
            #expect(try await pages.get("/account?born=someday").status == .badRequest)
            let saved = try await pages.post(
                "/account/preference",
                ["choice": "save", "username": "ada", "password": "hunter2-secret"])
            #expect(saved.status == .seeOther)
            let html = try await pages.get("/account").html
            #expect(html.contains("Save (username ada)"))
            #expect(html.contains("Your choice is saved."))
            #expect(!html.contains("hunter2-secret"))
            #expect(!(try await pages.get("/account").html.contains("Your choice is saved.")))
            let missing = try await pages.post(
                "/account/preference", ["choice": "save", "username": "ada"])
            #expect(missing.status == .badRequest)
        }
    }

    @Test func aPreferenceThatCannotBeReadIsSaidSoNotShownAsNone() async throws {
        try await withPages { pages in
            _ = try await pages.post("/account/preference", ["choice": "never"])
            #expect(try await pages.get("/account").html.contains("Current choice: Never"))
        }
        let keyFile = stores.dataDirectory.appendingPathComponent(PreferenceVault.keyFileName)
        try FileManager.default.removeItem(at: keyFile)
        try await withPages { pages in
            let html = try await pages.get("/account").html
            #expect(html.contains("Current choice: cannot be read; choose again"))
            #expect(!html.contains(stores.dataDirectory.path))
        }
    }

    /// The documents page lists the documents folder, each file with its title; it takes no
    /// path, so it opens nothing else — above all no file a store owns, whose opening and
    /// closing would drop the server's locks on it.
    @Test func listsTheDocumentsFolderWithEachTitleAndOpensNothingElse() async throws {
        let layout = DataDirectoryLayout(root: stores.dataDirectory)
        let folder = layout.documentsFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "Harbour plans\nboats".write(
            to: folder.appendingPathComponent("plan.txt"), atomically: true, encoding: .utf8)
        try "Minutes\nof the meeting".write(
            to: folder.appendingPathComponent("minutes.txt"), atomically: true, encoding: .utf8)
        let outside = stores.dataDirectory.appendingPathComponent("outside.txt")
        try "Outside title\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link.txt"), withDestinationURL: outside)
        try FileManager.default.linkItem(
            at: outside, to: folder.appendingPathComponent("hard.txt"))
        try "SQLite format 3\n".write(
            to: folder.appendingPathComponent("copy.sqlite"), atomically: true, encoding: .utf8)
        try await withPages { pages in
            let page = try await pages.get("/documents")
            #expect(page.status == .ok)
            #expect(page.html.contains("Harbour plans"))
            #expect(page.html.contains("plan.txt"))
            #expect(page.html.contains("Minutes"))
            #expect(
                page.html.range(of: "minutes.txt")!.lowerBound
                    < page.html.range(of: "plan.txt")!.lowerBound)
            #expect(!page.html.contains("Outside title"))
            #expect(page.html.contains("link.txt: it is a symbolic link"))
            #expect(page.html.contains("hard.txt: it has other names (hard links)"))
            #expect(page.html.contains("copy.sqlite: it is a store&#39;s file, not a document"))
            let asked = try await pages.get("/documents?path=diary.sqlite")
            #expect(asked.status == .badRequest)
            #expect(asked.html.contains("The documents page takes no path"))
        }
    }

    @Test func noInternalPathReachesTheClientWhenTheServerFails() async throws {
        let broken = CasebookServer.Stores(
            respondents: stores.respondents, preferences: stores.preferences,
            diary: FailingDiaryStore(),
            dataDirectory: stores.dataDirectory)
        try await Application(router: try CasebookServer.router(stores: broken)).test(.router) {
            client in
            var pages = PageClient(client)
            let page = try await pages.get("/diary")
            #expect(page.status == .internalServerError)
            #expect(!page.html.contains("/secret/"))
            #expect(page.html.contains("Something went wrong on the server"))
        }
    }

    /// The server's own log line for a failure carries the request's id, as its access-log
    /// line and its answer's `X-Request-Id` do, so that the two logs can be joined.
    @Test func aFailureIsLoggedWithTheRequestsId() async throws {
        let broken = CasebookServer.Stores(
            respondents: stores.respondents, preferences: stores.preferences,
            diary: FailingDiaryStore(), dataDirectory: stores.dataDirectory)
        let records = LogHandlerSpy.Records()
        let logger = Logger(label: "casebook.test") { _ in LogHandlerSpy(records: records) }
        let application = Application(
            router: try CasebookServer.router(stores: broken), logger: logger)
        try await application.test(.router) { client in
            try await client.execute(
                uri: "/diary", method: .get, headers: [.init("X-Request-Id")!: "req-42"]
            ) { response in
                #expect(response.status == .internalServerError)
                #expect(response.headers[.init("X-Request-Id")!] == "req-42")
            }
        }
        let failure = try #require(
            records.all.first { $0.level == .error && $0.message.contains("GET /diary failed") })
        #expect(failure.metadata["request_id"] == "req-42")
    }
}

/// A diary store whose every read fails with an error that names an internal path.
struct FailingDiaryStore: DiaryStore, Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk I/O error in /secret/data/diary.sqlite" }
    }

    func save(_ entry: Entry) throws { throw Failure() }
    func remove(id: Entry.ID) throws { throw Failure() }
    func entry(id: Entry.ID) throws -> Entry? { throw Failure() }
    func newestEntries(limit: Int, offset: Int) throws -> [Entry] { throw Failure() }
    func count() throws -> Int { throw Failure() }
    func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] { throw Failure() }
    func revision() throws -> Int { throw Failure() }
}
