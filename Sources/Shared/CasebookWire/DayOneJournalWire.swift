/// A journal as Day One exports it (`Journal.json` in the export's zip): of each entry, what
/// Casebook keeps — its `uuid` (32 hex digits), `creationDate` (RFC 3339), `text` (Markdown;
/// none for an entry of photos alone), `tags` and `starred`. The rest (photos, places, weather) is left.
public struct DayOneJournalWire: Decodable, Sendable {
    public struct Entry: Decodable, Sendable {
        public let uuid: String
        public let creationDate: String
        public let text: String?
        public let tags: [String]?
        public let starred: Bool?
    }

    public let entries: [Entry]

    /// What the file must be, for a refusal.
    public static let shape =
        #"a Day One export is {"entries": [{"uuid", "creationDate", "text", "tags"}, …]}"#
}
