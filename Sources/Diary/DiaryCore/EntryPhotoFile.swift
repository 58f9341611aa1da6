/// A photo as the diary keeps it: checked, turned upright and stripped of its metadata by an
/// `EntryPhotoPreparing`, in a large and a small JPEG.
public struct EntryPhotoFile: Equatable, Sendable {
    /// The SHA-256 of `large`, in lowercase hex.
    public var id: String
    public var large: [UInt8]
    public var largeWidth: Int
    public var largeHeight: Int
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
