import CasebookWire
import Foundation
import Menu
import MenuPhotos

/// The menu the server serves: the store's current revision, read at every request so that a
/// revision saved by any server on the store shows at once. A store with no revision yet
/// gets the menu the server was started with (`--menu`, else Giuseppe's) as its first; one
/// that has a revision keeps it (`casebook menu import` changes it).
struct MenuService: Sendable {
    let store: any MenuStore
    /// What a store without a revision is given.
    let initial: Menu
    /// The photos the menu's dishes name.
    let photos: any DishPhotoStore
    /// What makes an upload a photo the menu keeps.
    let preparer: any DishPhotoPreparing
    /// The last revision read, kept until another is current: a request asks the store for
    /// the current number only, not to read and parse the menu again.
    private let kept = KeptRevision()

    init(
        store: any MenuStore, initial: Menu,
        photos: any DishPhotoStore = InMemoryDishPhotoStore(),
        preparer: any DishPhotoPreparing = VipsDishPhotoPreparer()
    ) {
        self.store = store
        self.initial = initial
        self.photos = photos
        self.preparer = preparer
    }

    private final class KeptRevision: @unchecked Sendable {
        private let lock = NSLock()
        private var revision: MenuRevision?

        var value: MenuRevision? {
            get { lock.withLock { revision } }
            set { lock.withLock { revision = newValue } }
        }
    }

    /// The current revision, the first saved now when there is none.
    func current() async throws -> MenuRevision {
        if let number = try await store.currentNumber() {
            if let revision = kept.value, revision.number == number { return revision }
            if let current = try await store.current() {
                kept.value = current
                return current
            }
        }
        if let current = try await store.current() { return current }
        do {
            return try await store.save(
                initial, basedOn: nil, by: Self.author, note: "the menu the server started with")
        } catch let conflict as MenuConflictError {
            // Another server gave the store its first revision at the same moment.
            guard let current = try await store.current() else { throw conflict }
            return current
        }
    }

    /// Who saves the menu a server starts with.
    static let author = "casebook"

    /// The menu as served today (a dish marked sold out for another day offered again), and a
    /// number that changes with the revision and the day: what its renderings are kept under.
    func served() async throws -> (menu: Menu, key: Int) {
        let revision = try await current()
        let day = Self.today()
        let dayNumber = Int(day.replacingOccurrences(of: "-", with: "")) ?? 0
        return (revision.menu.served(onDay: day), revision.number &* 100_000_000 &+ dayNumber)
    }

    /// Today, `YYYY-MM-DD` in the server's time zone: the day "sold out for today" means.
    static func today(_ now: Date = Date()) -> String {
        now.formatted(Date.ISO8601FormatStyle(timeZone: .current).year().month().day())
    }
}
