/// A photo as Casebook keeps it, a dish's or a diary entry's alike: checked by its bytes,
/// turned upright and stripped of its metadata, in a large and a small JPEG with their sizes
/// in pixels.
public struct PreparedPhoto: Equatable, Sendable {
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

    /// Whether `text` is a photo's id: 64 lowercase hexadecimal digits.
    public static func isValidID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
