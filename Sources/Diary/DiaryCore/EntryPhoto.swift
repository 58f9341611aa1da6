import CasebookPhotos

/// A photo on an entry, as its page shows it: which photo (the SHA-256 of its large size, in
/// lowercase hex), what it shows in the diarist's words (its `alt` text), and the size of its
/// small version, for the page to keep its place while it loads.
public struct EntryPhoto: Equatable, Sendable {
    public var id: String
    public var alt: String
    public var smallWidth: Int
    public var smallHeight: Int

    public init(id: String, alt: String, smallWidth: Int, smallHeight: Int) {
        self.id = id
        self.alt = alt
        self.smallWidth = smallWidth
        self.smallHeight = smallHeight
    }

    /// Whether `text` is a photo's id: 64 lowercase hexadecimal digits.
    public static func isValidID(_ text: some StringProtocol) -> Bool {
        PreparedPhoto.isValidID(text)
    }
}
