import DiaryCore

/// Entries' ids as `GET /api/diary/ids` gives them: `{"ids": ["…", …]}`, in lowercase.
public struct DiaryIDsWire: Codable, Equatable, Sendable {
    public let ids: [String]

    public init(_ ids: [Entry.ID]) {
        self.ids = ids.map(EntryIDText.text(of:))
    }
}
