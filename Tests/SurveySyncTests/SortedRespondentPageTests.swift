import CasebookTestSupport
import Foundation
import SurveySync
import Testing

/// The table sorted by a column, as a spreadsheet sorts: numbers by value, then text (case
/// aside), then the blanks, ties by id; descending reverses all but the blanks; page after page by the last
/// key, every respondent once, on a store in memory and in SQLite alike.
@Suite("Respondents sorted by a column")
struct SortedRespondentPageTests {
    static let respondents: [Respondent] = [
        Respondent(id: "a", fields: ["id": "a", "age": 41, "name": "Zoë"]),
        Respondent(id: "b", fields: ["id": "b", "age": 9, "name": "ada"]),
        Respondent(id: "c", fields: ["id": "c", "age": "unknown", "name": "Ada"]),
        Respondent(id: "d", fields: ["id": "d", "name": "Eve"]),
        Respondent(id: "e", fields: ["id": "e", "age": 10.5, "name": "Ada"]),
        Respondent(id: "f", fields: ["id": "f", "age": .null, "name": "Łucja"]),
        Respondent(id: "g", fields: ["id": "g", "age": 9, "household": ["size": 3]]),
    ]

    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func stores() throws -> [any ReviewedRespondentStore] {
        [
            InMemoryRespondentStore(),
            try SQLiteRespondentStore(path: directory.appending("sorted.sqlite").path),
        ]
    }

    func all(
        _ store: any ReviewedRespondentStore, _ sort: RespondentSort, limit: Int,
        filter: RespondentFilter = RespondentFilter()
    ) async throws -> [String] {
        var ids: [String] = []
        var cursor: RespondentSort.Key?
        repeat {
            let page = try await SortedRespondentPage.page(
                of: store, matching: filter, sortedBy: sort, limit: limit, after: cursor)
            #expect(page.respondents.count <= limit)
            ids += page.respondents.map(\.id)
            cursor = page.next
        } while cursor != nil
        return ids
    }

    @Test func sortsAsASpreadsheetDoesPageAfterPage() async throws {
        for store in try stores() {
            _ = try await store.upsert(Self.respondents.shuffled(), from: .unknown)
            for limit in [1, 2, 3, 10] {
                #expect(
                    try await all(store, RespondentSort(column: "age"), limit: limit)
                        == ["b", "g", "e", "a", "c", "d", "f"])
                #expect(
                    try await all(
                        store, RespondentSort(column: "age", descending: true), limit: limit)
                        == ["c", "a", "e", "b", "g", "d", "f"])
                #expect(
                    try await all(store, RespondentSort(column: "name"), limit: limit)
                        == ["c", "e", "b", "d", "a", "f", "g"])
                #expect(
                    try await all(store, RespondentSort(column: "household/size"), limit: limit)
                        == ["g", "a", "b", "c", "d", "e", "f"])
            }
            #expect(
                try await all(
                    store, RespondentSort(column: "name", descending: true), limit: 2,
                    filter: RespondentFilter(search: try RespondentSearch("ada"))) == [
                        "b", "c", "e",
                    ])
        }
    }

    /// Every respondent once, whatever the page size, against a plain sort of them all. Each
    /// page reads every respondent: 120 of them, a page at a time, are 14,400 reads in all.
    @Test func pagesHoldEveryRespondentOnceInOrder() async throws {
        var generator = SystemRandomNumberGenerator()
        let values: [JSONValue] = [1, 2, 2.5, -3, "x", "X", "é", "e\u{301}", "", .null, true, [1]]
        let many = (0..<120).map { number in
            var fields: [String: JSONValue] = ["id": .string(String(format: "r%03d", number))]
            if number % 7 != 0 { fields["v"] = values.randomElement(using: &generator)! }
            return Respondent(id: String(format: "r%03d", number), fields: fields)
        }
        let store = InMemoryRespondentStore()
        _ = try await store.upsert(many, from: .unknown)
        for descending in [false, true] {
            let sort = RespondentSort(column: "v", descending: descending)
            let expected = many.map {
                sort.key(id: $0.id, body: JSONWriter.data(.object($0.fields)))!
            }
            .sorted { sort.precedes($0, $1) }.map(\.id)
            #expect(Set(expected).count == 120)
            for limit in [1, 7, 20, 1_000] {
                #expect(try await all(store, sort, limit: limit) == expected)
            }
        }
    }
}
