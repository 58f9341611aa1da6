import CasebookPhotos

/// A dish's photo as the menu names it: the photo kept in a `DishPhotoStore` under `id`, and
/// the words a guest who cannot see it is read (`alt`), which the manager writes.
public struct DishPhoto: Equatable, Sendable, Encodable {
    /// The SHA-256 of the photo's large size, in 64 lowercase hex digits.
    public var id: String
    /// What the photo shows, in words: one line, not empty.
    public var alt: String

    /// The longest alt text, in Unicode scalars.
    public static let longestAlt = 300

    public init(id: String, alt: String) {
        self.id = id
        self.alt = alt
    }

    /// Whether `id` is one a photo can have: 64 lowercase hex digits.
    public static func isValidID(_ id: String) -> Bool {
        PreparedPhoto.isValidID(id)
    }
}
