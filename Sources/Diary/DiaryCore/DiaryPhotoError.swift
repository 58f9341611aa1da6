/// Why a photo was not put on an entry.
public enum DiaryPhotoError: Error, Equatable, CustomStringConvertible {
    /// The entry has `DiaryPhotoLimits.mostPerEntry` photos already.
    case tooMany(limit: Int)
    /// The words saying what it shows are longer than `DiaryPhotoLimits.longestAlt`.
    case altTooLong(limit: Int)
    /// The diary's store keeps no photos (a diary reached through a server's API).
    case notKept

    public var description: String {
        switch self {
        case .tooMany(let limit): "the entry has \(limit) photos already, as many as it may have"
        case .altTooLong(let limit):
            "what the photo shows may be at most \(limit) characters long"
        case .notKept: "this diary keeps no photos"
        }
    }
}
