import DiaryCore

/// A page of diary entries, newest first: `{"entries": […]}`.
public struct DiaryEntriesWire: Codable, Equatable, Sendable {
    public let entries: [DiaryEntryWire]

    public init(_ entries: [Entry]) {
        self.entries = entries.map(DiaryEntryWire.init)
    }
}
