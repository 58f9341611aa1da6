import DiaryCore

/// The trash as `GET /api/diary/trash` and `casebook diary trash --json` give it:
/// `{"entries": [{"id", "date", "text", "removedAt"}]}`, newest removal first.
public struct TrashedEntriesWire: Codable, Equatable, Sendable {
    public struct Trashed: Codable, Equatable, Sendable {
        public let id: String
        public let date: String
        public let text: String
        public let removedAt: String
    }

    public let entries: [Trashed]

    public init(_ trashed: [TrashedEntry]) {
        entries = trashed.map {
            let entry = DiaryEntryWire($0.entry)
            return Trashed(
                id: entry.id, date: entry.date, text: entry.text,
                removedAt: WireDateText.text(of: $0.removedAt))
        }
    }
}
