import CasebookTestSupport
import Diary
import Foundation
import Testing

/// Finding an entry by what a person types: its whole id, or the start of it (as short ids are
/// used with git), in either store.
@Suite("Finding an entry by its id or the start of it")
struct EntryIDLookupTests {
    typealias StoreKind = DiaryStoreKind

    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let first = UUID(uuidString: "6f9619ff-8b86-d011-b42d-00c04fc964ff")!
    static let second = UUID(uuidString: "6f96aaaa-0000-4000-8000-000000000001")!
    static let third = UUID(uuidString: "c0ffee00-1111-4222-8333-444444444444")!

    func filled(_ kind: StoreKind) throws -> any DiaryStore {
        let store = try kind.make(in: directory)
        try Self.fill(store)
        return store
    }

    static func fill(_ store: any DiaryStore) throws {
        for (offset, id) in [Self.first, Self.second, Self.third].enumerated() {
            try store.save(
                Entry(id: id, date: Date(timeIntervalSince1970: Double(offset)), text: "\(offset)"))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aWholeIdOrAUniqueStartFindsTheEntry(kind: StoreKind) async throws {
        try await kind.withStore(in: directory) { store in
            try Self.fill(store)
            #expect(
                try store.entryID(matching: "6f9619ff-8b86-d011-b42d-00c04fc964ff") == Self.first)
            #expect(try store.entryID(matching: "6f9619") == Self.first)
            // Starts that reach past each dash.
            for length in [9, 14, 19, 24, 35] {
                let start = String("6f9619ff-8b86-d011-b42d-00c04fc964ff".prefix(length))
                #expect(try store.entryID(matching: start) == Self.first, "\(start)")
            }
            #expect(try store.entryID(matching: "C0FFEE") == Self.third)
            #expect(try store.entryID(matching: " c0ff ") == Self.third)
            #expect(try store.entryID(matching: "6f96aaaa-0") == Self.second)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aStartSharedByTwoEntriesNamesThem(kind: StoreKind) async throws {
        try await kind.withStore(in: directory) { store in
            try Self.fill(store)
            #expect(throws: DiaryError.ambiguousID("6f96", matches: [Self.first, Self.second])) {
                try store.entryID(matching: "6f96")
            }
            #expect(
                DiaryError.ambiguousID("6f96", matches: [Self.first, Self.second]).description
                    == "'6f96' is the start of more than one entry's id: "
                    + "6f9619ff-8b86-d011-b42d-00c04fc964ff, 6f96aaaa-0000-4000-8000-000000000001")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aStartNoEntryHasIsAnError(kind: StoreKind) async throws {
        try await kind.withStore(in: directory) { store in
            try Self.fill(store)
            #expect(throws: DiaryError.noEntryStartingWith("abcd")) {
                try store.entryID(matching: "abcd")
            }
            #expect(
                DiaryError.noEntryStartingWith("abcd").description
                    == "no entry's id starts with 'abcd'"
            )
        }
    }

    /// A whole id is returned as it is; whether the entry exists is for the caller to find out.
    @Test(arguments: StoreKind.allCases)
    func aWholeIdIsTakenAsItIs(kind: StoreKind) async throws {
        let unknown = UUID()
        try await kind.withStore(in: directory) { store in
            let found = try store.entryID(matching: unknown.uuidString)
            #expect(found == unknown)
        }
    }

    @Test(arguments: [
        "", "42", "6f9", "6f96-", "6f96%", "6f96_", "xyz0", "6f9619ff*", "'; --",
        // Longer than an id: 37 characters of the right shape.
        "6f9619ff-8b86-d011-b42d-00c04fc964ff0",
    ])
    func tooShortTooLongOrNotHexIsNotAnId(text: String) throws {
        let store = try filled(.sqlite)
        #expect(throws: DiaryError.malformedID(text)) { try store.entryID(matching: text) }
    }

    /// Many matches are named by the first few, not all.
    @Test func aVeryCommonStartNamesOnlyAFewMatches() throws {
        let store = InMemoryDiaryStore()
        let ids = (0..<20).map {
            UUID(uuidString: String(format: "abcd%04x-0000-4000-8000-000000000000", $0))!
        }
        for id in ids { try store.save(Entry(id: id, date: Date(), text: "x")) }
        #expect(throws: DiaryError.ambiguousID("abcd", matches: Array(ids.prefix(5)))) {
            try store.entryID(matching: "abcd")
        }
    }
}
