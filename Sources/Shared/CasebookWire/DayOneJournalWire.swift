/// A journal as Day One exports it (`Journal.json` in the export's zip): of each entry, what
/// Casebook keeps — its `uuid` (32 hex digits), `creationDate` (RFC 3339), `text` (Markdown;
/// none for an entry of photos alone), `tags`, `starred` and `photos` (each named by its
/// `md5` and `type`: the export's `photos/MD5.TYPE`). The rest (places, weather) is left when
/// read; `DayOneArchive` writes the same shape, with each entry's `timeZone` and its photos'
/// `identifier`, size and order, as Day One's own export has them.
public struct DayOneJournalWire: Codable, Sendable {
    public struct Entry: Codable, Sendable {
        public let uuid: String
        public let creationDate: String
        public let text: String?
        public let tags: [String]?
        public let starred: Bool?
        public let photos: [Photo]?
        /// The zone it was written in (`Europe/Rome`), when written.
        public var timeZone: String? = nil

        public init(
            uuid: String, creationDate: String, text: String?, tags: [String]?, starred: Bool?,
            photos: [Photo]?, timeZone: String?
        ) {
            self.uuid = uuid
            self.creationDate = creationDate
            self.text = text
            self.tags = tags
            self.starred = starred
            self.photos = photos
            self.timeZone = timeZone
        }
    }

    /// A photo of an entry, as the export's JSON names it.
    public struct Photo: Codable, Sendable {
        public let md5: String?
        public let type: String?
        /// Its own id (32 hex digits), its size and its place among the entry's, when written.
        public var identifier: String? = nil
        public var width: Int? = nil
        public var height: Int? = nil
        public var orderInEntry: Int? = nil

        public init(
            md5: String?, type: String?, identifier: String?, width: Int?, height: Int?,
            orderInEntry: Int?
        ) {
            self.md5 = md5
            self.type = type
            self.identifier = identifier
            self.width = width
            self.height = height
            self.orderInEntry = orderInEntry
        }

        /// The name of its file in the export's `photos` folder, nil when the JSON does not
        /// say it (or says something that is no such name).
        public var fileName: String? {
            guard let md5, let type, !md5.isEmpty, md5.count <= 64,
                md5.allSatisfy({ $0.isASCII && $0.isHexDigit }), !type.isEmpty, type.count <= 8,
                type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            return "\(md5.lowercased()).\(type.lowercased())"
        }
    }

    /// What the export says of itself (`{"version": "1.0"}`), when written.
    public var metadata: [String: String]? = nil
    public let entries: [Entry]

    public init(metadata: [String: String]?, entries: [Entry]) {
        self.metadata = metadata
        self.entries = entries
    }

    /// What the file must be, for a refusal.
    public static let shape =
        #"a Day One export is {"entries": [{"uuid", "creationDate", "text", "tags"}, …]}"#
}
