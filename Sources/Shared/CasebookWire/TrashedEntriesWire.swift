import DiaryCore

/// The trash as `GET /api/diary/trash` and `casebook diary trash --json` give it:
/// `{"entries": [{"id", "date", "text", "removedAt"}]}`, newest removal first.
public struct TrashedEntriesWire: Codable, Equatable, Sendable {
    /// A trashed entry: the entry's members as `DiaryEntryWire` has them (every one of them,
    /// so none is lost on the way to the trash and back), and `removedAt`.
    public struct Trashed: Codable, Equatable, Sendable {
        public let entry: DiaryEntryWire
        public let removedAt: String

        public var id: String { entry.id }
        public var date: String { entry.date }
        public var text: String { entry.text }

        public init(entry: DiaryEntryWire, removedAt: String) {
            self.entry = entry
            self.removedAt = removedAt
        }

        private enum CodingKeys: String, CodingKey {
            case removedAt
        }

        public init(from decoder: any Decoder) throws {
            entry = try DiaryEntryWire(from: decoder)
            removedAt = try decoder.container(keyedBy: CodingKeys.self)
                .decode(String.self, forKey: .removedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(removedAt, forKey: .removedAt)
        }
    }

    public let entries: [Trashed]

    public init(_ trashed: [TrashedEntry]) {
        entries = trashed.map {
            Trashed(
                entry: DiaryEntryWire($0.entry, starred: false),
                removedAt: WireDateText.text(of: $0.removedAt))
        }
    }
}
