import CasebookTestSupport
import Foundation
import Menu
import MenuPostgres
import MenuSQLite
import PostgresTestSupport
import Testing

/// What every menu store promises, run against each: revisions numbered in the order they were
/// saved, each from the current one (a save from an older one is a conflict that saves
/// nothing), read back as the same menu, listed newest first, and restored as a new revision.
@Suite("The menu store contract")
struct MenuStoreContractTests {
    enum Kind: String, CaseIterable, Sendable {
        case inMemory, sqlite, postgres
    }

    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func withStore(_ kind: Kind, _ body: @Sendable (any MenuStore) async throws -> Void)
        async throws
    {
        switch kind {
        case .inMemory: try await body(InMemoryMenuStore())
        case .sqlite:
            try await body(
                try SQLiteMenuStore(path: directory.appending("menu-\(UUID()).sqlite").path))
        case .postgres:
            try await PostgresTesting.withDatabase(schemas: [PostgresMenuStore.schema]) {
                database in
                try await body(PostgresMenuStore(client: database.client))
            }
        }
    }

    static let cheaper: Menu = {
        var menu = Menu.giuseppes
        let old = menu.pizzas[0]
        menu.pizzas[0] = Pizza(
            name: old.name, price: Decimal(string: "7.90")!, description: old.description,
            allergens: Set(old.allergens), labels: Set(old.labels))
        return menu
    }()

    @Test(arguments: Kind.allCases)
    func revisionsAreSavedEachFromTheCurrentOne(kind: Kind) async throws {
        try await withStore(kind) { store in
            #expect(try await store.current() == nil)
            #expect(try await store.currentNumber() == nil)
            let first = try await store.save(.giuseppes, basedOn: nil, by: "giuseppe", note: nil)
            #expect(try await store.currentNumber() == 1)
            #expect(first.number == 1)
            #expect(first.menu == .giuseppes)
            let second = try await store.save(
                Self.cheaper, basedOn: 1, by: "maria", note: "a cheaper Margherita")
            #expect(second.number == 2)
            let current = try #require(try await store.current())
            #expect(current.number == 2)
            #expect(try await store.currentNumber() == 2)
            #expect(current.menu == Self.cheaper)
            #expect(current.author == "maria")
            #expect(current.note == "a cheaper Margherita")
            #expect(current.savedAt >= first.savedAt)
            #expect(try await store.revision(1)?.menu == .giuseppes)
            #expect(try await store.revision(1)?.note == nil)
            #expect(try await store.revision(3) == nil)
        }
    }

    /// What a save answers is what is stored: read back, each revision is equal to it, to the
    /// last fraction of its time, however fast the saves follow each other.
    @Test(arguments: Kind.allCases)
    func aSavedRevisionIsWhatIsReadBack(kind: Kind) async throws {
        try await withStore(kind) { store in
            var base: Int? = nil
            for _ in 0..<40 {
                let saved = try await store.save(
                    .giuseppes, basedOn: base, by: "giuseppe", note: nil)
                #expect(try await store.revision(saved.number) == saved)
                base = saved.number
            }
        }
    }

    /// Two managers editing at once: the second save, made from the revision both started
    /// from, is refused, naming the current one, and nothing of it is saved.
    @Test(arguments: Kind.allCases)
    func aSaveFromAnOlderRevisionIsAConflictAndSavesNothing(kind: Kind) async throws {
        try await withStore(kind) { store in
            await #expect(throws: MenuConflictError(base: 0, current: nil)) {
                _ = try await store.save(.giuseppes, basedOn: 0, by: "luigi", note: nil)
            }
            _ = try await store.save(.giuseppes, basedOn: nil, by: "giuseppe", note: nil)
            _ = try await store.save(Self.cheaper, basedOn: 1, by: "maria", note: nil)
            await #expect(throws: MenuConflictError(base: 1, current: 2)) {
                _ = try await store.save(.giuseppes, basedOn: 1, by: "luigi", note: nil)
            }
            await #expect(throws: MenuConflictError(base: nil, current: 2)) {
                _ = try await store.save(.giuseppes, basedOn: nil, by: "luigi", note: nil)
            }
            await #expect(throws: MenuConflictError(base: Int.max, current: 2)) {
                _ = try await store.save(.giuseppes, basedOn: Int.max, by: "luigi", note: nil)
            }
            await #expect(throws: MenuConflictError(base: 5, current: 2)) {
                _ = try await store.save(.giuseppes, basedOn: 5, by: "luigi", note: nil)
            }
            #expect(try await store.current()?.number == 2)
            #expect(try await store.current()?.author == "maria")
        }
    }

    /// Of many saves from the same revision at once, exactly one is saved.
    @Test(arguments: Kind.allCases)
    func ofSavesAtOnceFromOneRevisionOneWins(kind: Kind) async throws {
        try await withStore(kind) { store in
            _ = try await store.save(.giuseppes, basedOn: nil, by: "giuseppe", note: nil)
            let saved = await withTaskGroup(of: Bool.self) { group in
                for number in 0..<8 {
                    group.addTask {
                        (try? await store.save(
                            Self.cheaper, basedOn: 1, by: "manager \(number)", note: nil)) != nil
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(saved == 1)
            #expect(try await store.current()?.number == 2)
        }
    }

    @Test(arguments: Kind.allCases)
    func revisionsAreListedNewestFirstAndAnyIsRestored(kind: Kind) async throws {
        try await withStore(kind) { store in
            _ = try await store.save(.giuseppes, basedOn: nil, by: "giuseppe", note: nil)
            _ = try await store.save(Self.cheaper, basedOn: 1, by: "maria", note: nil)
            let restored = try await store.restore(1, basedOn: 2, by: "giuseppe")
            #expect(restored.number == 3)
            #expect(restored.menu == .giuseppes)
            #expect(restored.note == "restored revision 1")
            #expect(try await store.revisions(limit: 10, before: nil).map(\.number) == [3, 2, 1])
            #expect(try await store.revisions(limit: 1, before: 3).map(\.number) == [2])
            #expect(try await store.revisions(limit: 5, before: 1).isEmpty)
            await #expect(throws: MenuStoreError.unknownRevision(9)) {
                _ = try await store.restore(9, basedOn: 3, by: "giuseppe")
            }
        }
    }

    /// Sold-out marks are kept with the revision, and expire as the menu is served.
    @Test(arguments: Kind.allCases)
    func soldOutMarksAreKeptAndExpireWhenServed(kind: Kind) async throws {
        try await withStore(kind) { store in
            let marked = try #require(
                Menu.giuseppes.marked([
                    MenuPlace(section: .pizzas, index: 0): .on(day: "2026-11-26"),
                    MenuPlace(section: .desserts, index: 0): .untilFurtherNotice,
                ]))
            _ = try await store.save(marked, basedOn: nil, by: "maria", note: nil)
            let read = try #require(try await store.current()?.menu)
            #expect(read == marked)
            #expect(read.served(onDay: "2026-11-26").pizzas[0].soldOut == .on(day: "2026-11-26"))
            #expect(read.served(onDay: "2026-11-27").pizzas[0].soldOut == nil)
            #expect(read.served(onDay: "2026-11-27").desserts[0].soldOut == .untilFurtherNotice)
        }
    }

    /// An import saves a menu only when it differs from the current one.
    @Test(arguments: Kind.allCases)
    func anImportOfTheCurrentMenuSavesNothing(kind: Kind) async throws {
        try await withStore(kind) { store in
            let first = try await store.importMenu(.giuseppes, by: "casebook", note: "menu.yaml")
            #expect(first.saved && first.revision.number == 1)
            let again = try await store.importMenu(.giuseppes, by: "casebook", note: "menu.yaml")
            #expect(!again.saved && again.revision.number == 1)
            let changed = try await store.importMenu(Self.cheaper, by: "casebook", note: nil)
            #expect(changed.saved && changed.revision.number == 2)
        }
    }
}
