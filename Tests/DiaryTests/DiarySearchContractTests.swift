import CasebookTestSupport
import Diary
import Foundation
import Testing

/// What every diary store promises about finding entries (`newestEntries(matching:…)`), run
/// against each implementation: the same answers in memory, in SQLite and in PostgreSQL.
@Suite("The diary store contract: finding entries")
struct DiarySearchContractTests {
    let directory: TemporaryDirectory
    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.5)

    init() throws { directory = try TemporaryDirectory() }

    /// Entries one minute apart, the first the oldest.
    static func entries(_ texts: [String], from base: Date) -> [Entry] {
        texts.enumerated().map { Entry(date: base.addingTimeInterval(Double($0) * 60), text: $1) }
    }

    static func query(_ text: String) throws -> DiaryQuery {
        DiaryQuery(search: try DiarySearch(text))
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func findsEntriesWithEveryWordInAnyOrderNewestFirst(kind: DiaryStoreKind) async throws {
        let entries = Self.entries(
            [
                "Walked to the Café", "A walk in the park", "cafe closed; WALKING home",
                "Nothing to see", "The café, then a long walk",
            ], from: base)
        try await kind.withStore(in: directory) { store in
            for entry in entries.shuffled() { try store.save(entry) }
            let found = try store.newestEntries(
                matching: Self.query("walk* CAFE"), limit: 10, after: nil)
            #expect(found == [entries[4], entries[2], entries[0]])
            let exact = try store.newestEntries(matching: Self.query("walk"), limit: 10, after: nil)
            #expect(exact == [entries[4], entries[1]])
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func aQuotedPhraseFindsItsWordsSideBySideInOrder(kind: DiaryStoreKind) async throws {
        let entries = Self.entries(
            ["Café au lait", "lait au café", "au chocolat, lait", "un café au lait chaud"],
            from: base)
        try await kind.withStore(in: directory) { store in
            for entry in entries { try store.save(entry) }
            let found = try store.newestEntries(
                matching: Self.query("\"cafe au lait\""), limit: 10, after: nil)
            #expect(found == [entries[3], entries[0]])
            let prefixed = try store.newestEntries(
                matching: Self.query("\"au l\"*"), limit: 10, after: nil)
            #expect(prefixed == [entries[3], entries[0]])
        }
    }

    /// As jrnl finds a part of the text: `日記` within a sentence of Japanese without spaces,
    /// an emoji wherever it stands, in a word or beside one.
    @Test(arguments: DiaryStoreKind.allCases)
    func findsCJKWordsAndEmojiWhereverTheyStand(kind: DiaryStoreKind) async throws {
        let entries = Self.entries(
            ["今日の日記を書いた", "日曜日に記者と会った", "Surfing🌊 at dawn", "no waves", "🌊🌊"],
            from: base)
        try await kind.withStore(in: directory) { store in
            for entry in entries { try store.save(entry) }
            for (typed, expected) in [
                ("日記", [entries[0]]), ("記", [entries[1], entries[0]]),
                ("🌊", [entries[4], entries[2]]), ("surfing 🌊", [entries[2]]),
                ("\"🌊🌊\"", [entries[4]]),
            ] {
                let found = try store.newestEntries(
                    matching: Self.query(typed), limit: 10, after: nil)
                #expect(found == expected, "\(typed)")
            }
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func caseAndAccentsDoNotMatter(kind: DiaryStoreKind) async throws {
        let entries = Self.entries(["Zoë came by", "STRASSE", "Ärger im Büro", "zoo"], from: base)
        try await kind.withStore(in: directory) { store in
            for entry in entries { try store.save(entry) }
            for (typed, expected) in [
                ("zoe", [entries[0]]), ("ZOË", [entries[0]]), ("straße", [entries[1]]),
                ("arger buro", [entries[2]]), ("zo*", [entries[3], entries[0]]),
            ] {
                let found = try store.newestEntries(
                    matching: Self.query(typed), limit: 10, after: nil)
                #expect(found == expected, "\(typed)")
            }
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func changesAndRemovalsAreFoundAtOnce(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { store in
            var entry = Entry(date: base, text: "a morning swim")
            let other = Entry(date: base.addingTimeInterval(1), text: "an evening swim")
            try store.save(entry)
            try store.save(other)
            entry.text = "a morning run"
            try store.save(entry)
            #expect(
                try store.newestEntries(matching: Self.query("swim"), limit: 10, after: nil)
                    == [other])
            #expect(
                try store.newestEntries(matching: Self.query("run"), limit: 10, after: nil)
                    == [entry])
            if let revised = store as? any RevisedDiaryStore {
                entry.text = "a morning walk"
                _ = try revised.save(entry, ifRevision: 2)
                #expect(
                    try store.newestEntries(matching: Self.query("run"), limit: 10, after: nil)
                        .isEmpty)
                #expect(
                    try store.newestEntries(matching: Self.query("walk"), limit: 10, after: nil)
                        == [entry])
                try revised.remove(id: entry.id, ifRevision: 3)
                #expect(
                    try store.newestEntries(matching: Self.query("walk"), limit: 10, after: nil)
                        .isEmpty)
            }
            try store.remove(id: other.id)
            #expect(
                try store.newestEntries(matching: Self.query("swim"), limit: 10, after: nil)
                    .isEmpty)
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func resultsPageByPositionAndAreBoundedByDates(kind: DiaryStoreKind) async throws {
        let entries = Self.entries((0..<9).map { "day \($0) of the trip" }, from: base)
        let base = base
        try await kind.withStore(in: directory) { store in
            for entry in entries { try store.save(entry) }
            try store.save(Entry(date: base.addingTimeInterval(30), text: "no match here"))
            let query = try Self.query("trip")
            let first = try store.newestEntries(matching: query, limit: 4, after: nil)
            #expect(first == Array(entries[5...].reversed()))
            let second = try store.newestEntries(
                matching: query, limit: 4, after: DiaryCursor(first[3]))
            #expect(second == Array(entries[1..<5].reversed()))
            var bounded = query
            bounded.from = entries[2].date
            bounded.before = entries[6].date
            #expect(
                try store.newestEntries(matching: bounded, limit: 10, after: nil)
                    == Array(entries[2..<6].reversed()))
            let datesOnly = DiaryQuery(from: entries[7].date)
            #expect(
                try store.newestEntries(matching: datesOnly, limit: 10, after: nil)
                    == [entries[8], entries[7]])
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func wordsThatLookLikeQuerySyntaxAreJustWords(kind: DiaryStoreKind) async throws {
        let entries = Self.entries(
            ["NEAR AND OR NOT", "col:umn & ! | <-> 'quoted'", "plain"], from: base)
        try await kind.withStore(in: directory) { store in
            for entry in entries { try store.save(entry) }
            for (typed, expected) in [
                ("near or", [entries[0]]), ("NOT", [entries[0]]), ("col umn", [entries[1]]),
                ("quoted", [entries[1]]), ("'quoted'", [entries[1]]), ("col:*", [entries[1]]),
            ] {
                let found = try store.newestEntries(
                    matching: Self.query(typed), limit: 10, after: nil)
                #expect(found == expected, "\(typed)")
            }
        }
    }

    @Test(arguments: DiaryStoreKind.allCases)
    func tagsWrittenInTheTextFilterAndAreCounted(kind: DiaryStoreKind) async throws {
        let entries = Self.entries(
            [
                "#walk by the #sea", "a #Walk in town", "#sea-side #café", "no tags, walk",
                "#walk #sea again",
            ], from: base)
        try await kind.withStore(in: directory) { store in
            for entry in entries.shuffled() { try store.save(entry) }
            let walks = try store.newestEntries(
                matching: DiaryQuery(tags: ["walk"]), limit: 10, after: nil)
            #expect(walks == [entries[4], entries[1], entries[0]])
            let both = try store.newestEntries(
                matching: DiaryQuery(tags: ["WALK", "sea"]), limit: 10, after: nil)
            #expect(both == [entries[4], entries[0]])
            let searched = try store.newestEntries(
                matching: DiaryQuery(search: try DiarySearch("town"), tags: ["walk"]), limit: 10,
                after: nil)
            #expect(searched == [entries[1]])
            #expect(
                try store.tagCounts() == [
                    DiaryTagCount(tag: "walk", count: 3), DiaryTagCount(tag: "sea", count: 2),
                    DiaryTagCount(tag: "café", count: 1), DiaryTagCount(tag: "sea-side", count: 1),
                ])
            var changed = entries[1]
            changed.text = "a walk in town, #untagged no more"
            try store.save(changed)
            try store.remove(id: entries[0].id)
            #expect(
                try store.tagCounts() == [
                    DiaryTagCount(tag: "café", count: 1), DiaryTagCount(tag: "sea", count: 1),
                    DiaryTagCount(tag: "sea-side", count: 1),
                    DiaryTagCount(tag: "untagged", count: 1), DiaryTagCount(tag: "walk", count: 1),
                ])
            #expect(
                try store.newestEntries(matching: DiaryQuery(tags: ["walk"]), limit: 10, after: nil)
                    == [entries[4]])
        }
    }
}
