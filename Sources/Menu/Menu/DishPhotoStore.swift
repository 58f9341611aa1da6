/// Where the menu's photos are kept, by id. Saving a photo that is there already changes
/// nothing; nothing is removed (a revision restored shows its photo again).
public protocol DishPhotoStore: Sendable {
    func save(_ photo: StoredDishPhoto) async throws
    /// The photo kept under `id`; nil for one never saved.
    func photo(id: String) async throws -> StoredDishPhoto?
}
