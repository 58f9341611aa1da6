import CasebookTestSupport
import Foundation
import Menu
import MenuPostgres
import MenuSQLite
import PostgresTestSupport
import Testing

/// What every photo store promises, run against each: a photo reads back byte for byte by its
/// id, saving it again changes nothing, and a menu naming it keeps its alt text.
@Suite("The dish photo store contract")
struct DishPhotoStoreContractTests {
    enum Kind: String, CaseIterable, Sendable {
        case inMemory, sqlite, postgres
    }

    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func withStore(
        _ kind: Kind, _ body: @Sendable (any DishPhotoStore, any MenuStore) async throws -> Void
    ) async throws {
        switch kind {
        case .inMemory: try await body(InMemoryDishPhotoStore(), InMemoryMenuStore())
        case .sqlite:
            let store = try SQLiteMenuStore(
                path: directory.appending("menu-\(UUID()).sqlite").path)
            try await body(store, store)
        case .postgres:
            try await PostgresTesting.withDatabase(schemas: [PostgresMenuStore.schema]) {
                database in
                let store = PostgresMenuStore(client: database.client)
                try await body(store, store)
            }
        }
    }

    static func photo(_ seed: UInt8, id: String) -> StoredDishPhoto {
        StoredDishPhoto(
            id: id, large: [0xFF, 0xD8, seed, 0, 1, 0xFF, 0xD9], largeWidth: 1200,
            largeHeight: 900, small: [0xFF, 0xD8, seed, 0xFF, 0xD9], smallWidth: 320,
            smallHeight: 240)
    }

    static let firstID = String(repeating: "a1", count: 32)
    static let secondID = String(repeating: "0f", count: 32)

    @Test(arguments: Kind.allCases)
    func aPhotoReadsBackByteForByteByItsID(kind: Kind) async throws {
        try await withStore(kind) { photos, _ in
            #expect(try await photos.photo(id: Self.firstID) == nil)
            try await photos.save(Self.photo(1, id: Self.firstID))
            try await photos.save(Self.photo(2, id: Self.secondID))
            #expect(try await photos.photo(id: Self.firstID) == Self.photo(1, id: Self.firstID))
            #expect(try await photos.photo(id: Self.secondID) == Self.photo(2, id: Self.secondID))
        }
    }

    @Test(arguments: Kind.allCases)
    func savingAPhotoAgainChangesNothing(kind: Kind) async throws {
        try await withStore(kind) { photos, _ in
            try await photos.save(Self.photo(1, id: Self.firstID))
            try await photos.save(Self.photo(9, id: Self.firstID))
            #expect(try await photos.photo(id: Self.firstID) == Self.photo(1, id: Self.firstID))
        }
    }

    @Test(arguments: Kind.allCases)
    func aMenuKeepsItsDishesPhotosAndTheirWords(kind: Kind) async throws {
        try await withStore(kind) { _, menus in
            var menu = Menu.giuseppes
            menu.pizzas[0] = try #require(
                Menu.giuseppes.pizzas.first.map {
                    var dish = $0.dish
                    dish.photo = DishPhoto(id: Self.firstID, alt: "A Margherita: basil on \"red\"")
                    return Pizza(dish)
                })
            _ = try await menus.save(menu, basedOn: nil, by: "giuseppe", note: nil)
            let read = try #require(try await menus.current()).menu
            #expect(read == menu)
            #expect(
                read.pizzas[0].dish.photo
                    == DishPhoto(id: Self.firstID, alt: "A Margherita: basil on \"red\""))
        }
    }
}
