/// A photo as a `DishPhotoStore` keeps it: the two sizes the pages serve, both JPEG with no
/// metadata, and their sizes in pixels. Kept for good: a menu's history may show it again.
public struct StoredDishPhoto: Equatable, Sendable {
    /// The SHA-256 of `large`, in lowercase hex.
    public var id: String
    /// At most `DishPhotoSize.large` pixels each way.
    public var large: [UInt8]
    public var largeWidth: Int
    public var largeHeight: Int
    /// At most `DishPhotoSize.small` pixels each way.
    public var small: [UInt8]
    public var smallWidth: Int
    public var smallHeight: Int

    public init(
        id: String, large: [UInt8], largeWidth: Int, largeHeight: Int, small: [UInt8],
        smallWidth: Int, smallHeight: Int
    ) {
        self.id = id
        self.large = large
        self.largeWidth = largeWidth
        self.largeHeight = largeHeight
        self.small = small
        self.smallWidth = smallWidth
        self.smallHeight = smallHeight
    }
}
