/// What a writer writes in an entry: its text, and every field a later version adds. It is
/// carried whole, by the use cases (`DiaryEntries.add(_:)`, `update(id:to:ifRevision:)`),
/// the screens, the forms, the requests, the wire types and each store's one mapping of a
/// row, so that a field added here is named only where it is stored or shown.
///
/// Its `Codable` form is the members the JSON API, the exports and the requests carry for it
/// (`DiaryEntryWire` and `DiaryTextRequest` embed it): a field added here, with its key, is in
/// each of them. A later field is optional and absent from the JSON when nil (as `Codable`
/// writes an optional), so that an entry of text alone is written and read as it always was.
public struct EntryContent: Codable, Equatable, Hashable, Sendable {
    public var text: String

    public init(text: String) {
        self.text = text
    }

    /// Its members' names, every one (a strict reader refuses any other).
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case text
    }

    /// Whether there is nothing to keep: an entry needs some text.
    public var isBlank: Bool { Entry.isBlank(text) }
}
