/// Why a photo was refused, in words a manager can act on.
public enum DishPhotoError: Error, Equatable, CustomStringConvertible {
    /// No bytes were sent.
    case empty
    /// More than `DishPhotoLimits.mostBytes`.
    case tooLarge(bytes: Int)
    /// Neither JPEG, PNG nor WebP by its first bytes (the name or type it came with is not
    /// trusted).
    case notAPhoto
    /// Bytes after the image's end: another file hidden behind it (a polyglot).
    case trailingBytes(format: String, count: Int)
    /// A header saying more pixels than a photo has.
    case tooManyPixels(width: Int, height: Int)
    /// The image cannot be decoded whole: damaged or cut short.
    case damaged(format: String)

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .tooLarge(let bytes):
            "the file is \(bytes) bytes, more than a photo may be (10 MB)"
        case .notAPhoto: "the file is not a JPEG, PNG or WebP image"
        case .trailingBytes(let format, let count):
            "the \(format) image ends \(count) bytes before the file does: something else is"
                + " hidden behind it"
        case .tooManyPixels(let width, let height):
            "the image says it is \(width) × \(height) pixels, more than a photo may be"
                + " (at most \(DishPhotoLimits.mostSide) each way and 40 megapixels)"
        case .damaged(let format): "the \(format) image is damaged or cut short"
        }
    }
}
