/// A journal as Day One exports it (`Journal.json` in the export's zip): of each entry, what
/// Casebook keeps — its `uuid` (32 hex digits), `creationDate` (RFC 3339), `text` (Markdown;
/// none for an entry of photos alone), `tags`, `starred` and `photos` (each named by its
/// `md5` and `type`: the export's `photos/MD5.TYPE`). The rest (places, weather) is left.
public struct DayOneJournalWire: Decodable, Sendable {
    public struct Entry: Decodable, Sendable {
        public let uuid: String
        public let creationDate: String
        public let text: String?
        public let tags: [String]?
        public let starred: Bool?
        public let photos: [Photo]?
    }

    /// A photo of an entry, as the export's JSON names it.
    public struct Photo: Decodable, Sendable {
        public let md5: String?
        public let type: String?

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

    public let entries: [Entry]

    /// What the file must be, for a refusal.
    public static let shape =
        #"a Day One export is {"entries": [{"uuid", "creationDate", "text", "tags"}, …]}"#
}
