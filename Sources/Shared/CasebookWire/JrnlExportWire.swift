/// What `jrnl --export json` writes (jrnl 4): `{"tags": {…}, "entries": [{"title", "body",
/// "date": "YYYY-MM-DD", "time": "HH:MM", "tags", "starred"}]}`. Its tags are read from the
/// text, as jrnl makes them; anything else an entry carries is left.
public struct JrnlExportWire: Decodable, Sendable {
    public static let shape =
        #"jrnl's export must be {"entries": [{"title", "body", "date", "time", "starred"}, …]}"#

    public struct Entry: Decodable, Sendable {
        public let title: String
        public let body: String
        public let date: String
        public let time: String
        public let starred: Bool?
    }

    public let entries: [Entry]
}
