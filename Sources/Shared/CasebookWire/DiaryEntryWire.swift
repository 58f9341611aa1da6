import DiaryCore
import Foundation

/// A diary entry as the JSON API answers it and `casebook diary … --json` prints it: its id in
/// lowercase, its date in RFC 3339 with milliseconds, its full text.
public struct DiaryEntryWire: Codable, Equatable, Sendable {
    public let id: String
    public let date: String
    /// What its writer wrote, its members beside `id` and `date`.
    public let content: EntryContent
    /// `true` for a starred entry in a diary's export (absent otherwise, and in the API's
    /// answers), so that an import keeps its star.
    public let starred: Bool?

    /// The content's text.
    public var text: String { content.text }

    public init(id: String, date: String, text: String) {
        self.init(id: id, date: date, text: text, starred: nil)
    }

    public init(id: String, date: String, text: String, starred: Bool?) {
        self.init(id: id, date: date, content: EntryContent(text: text), starred: starred)
    }

    public init(id: String, date: String, content: EntryContent, starred: Bool?) {
        self.id = id
        self.date = date
        self.content = content
        self.starred = starred
    }

    public init(_ entry: Entry) {
        self.init(entry, starred: false)
    }

    /// `entry` as an export writes it: `"starred": true` when it is.
    public init(_ entry: Entry, starred: Bool) {
        self.init(
            id: EntryIDText.text(of: entry.id), date: WireDateText.text(of: entry.date),
            content: entry.content, starred: starred ? true : nil)
    }

    private enum CodingKeys: String, CodingKey {
        case id, date, starred
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        date = try container.decode(String.self, forKey: .date)
        content = try EntryContent(from: decoder)
        starred = try container.decodeIfPresent(Bool.self, forKey: .starred)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(starred, forKey: .starred)
        try content.encode(to: encoder)
    }
}

extension DiaryEntryWire {
    /// The entry this describes, checked as `diary add` checks a text: a refusal names the
    /// member at fault (`id`, `date` or `text`).
    public func entry() throws(WireJSON.Refusal) -> Entry {
        guard let entryID = EntryIDText.id(from: id) else {
            throw WireJSON.Refusal("'\(id)' is not an entry id", field: "id")
        }
        guard let entryDate = WireDateText.date(from: date) else {
            throw WireJSON.Refusal(
                "the date '\(date)' is not an RFC 3339 date and time (2026-03-01T12:00:00Z)",
                field: "date")
        }
        guard !content.isBlank else {
            throw WireJSON.Refusal("\(EntryDetailError.blankText)", field: "text")
        }
        return Entry(id: entryID, date: entryDate, content: content)
    }

}
