import Foundation

/// The photos in memory, for tests and a server without a data directory.
public final class InMemoryDishPhotoStore: DishPhotoStore, @unchecked Sendable {
    private let lock = NSLock()
    private var photos: [String: StoredDishPhoto] = [:]

    public init() {}

    public func save(_ photo: StoredDishPhoto) async throws {
        lock.withLock {
            if photos[photo.id] == nil { photos[photo.id] = photo }
        }
    }

    public func photo(id: String) async throws -> StoredDishPhoto? {
        lock.withLock { photos[id] }
    }
}
