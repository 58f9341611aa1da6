/// `photos.json` in a diary's ZIP export (`DiaryArchive`): which photo files in its `photos`
/// folder each entry has, in order, with their words. Written and read by this one codec.
public struct DiaryPhotosWire: Codable, Equatable, Sendable {
    public struct Photo: Codable, Equatable, Sendable {
        /// The entry's id, lowercase.
        public let entry: String
        /// The photo's file in the ZIP: `photos/ID.jpg`.
        public let file: String
        public let alt: String

        public init(entry: String, file: String, alt: String) {
            self.entry = entry
            self.file = file
            self.alt = alt
        }
    }

    public let photos: [Photo]

    public init(photos: [Photo]) {
        self.photos = photos
    }

    /// The name of the file in the ZIP.
    public static let fileName = "photos.json"

    /// What the file must be, for a refusal.
    public static let shape = #"photos.json is {"photos": [{"entry", "file", "alt"}, …]}"#
}
