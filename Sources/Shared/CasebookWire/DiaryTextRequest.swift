import DiaryCore
import Foundation

/// What adding or updating a diary entry sends (the server reads it, `--server` writes it):
/// the entry's content, `{"text": "…"}`, and, to date it other than now or move it, `date`
/// (RFC 3339, as the entries' own), read strictly, as every wire type is: a member neither
/// the content nor the date has is refused, naming it.
public struct DiaryTextRequest: Codable, Equatable, Sendable {
    public static let shape = #"the body must be {"text": "…"}"#

    /// The entry's content the request sends.
    public let content: EntryContent
    /// When the entry happened, when the request says: nil keeps it (now, for a new one).
    public let date: Date?

    /// The content's text.
    public var text: String { content.text }

    /// A request that sends `content`.
    public init(_ content: EntryContent) {
        self.init(content, date: nil)
    }

    /// A request that sends `content`, dated `date`.
    public init(_ content: EntryContent, date: Date?) {
        self.content = content
        self.date = date
    }

    /// Any member's name, to find one that is not the content's.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        // Without a text the body is not this shape at all, whatever else it holds.
        content = try EntryContent(from: decoder)
        let known = Set(EntryContent.CodingKeys.allCases.map(\.rawValue) + ["date"])
        let members = try decoder.container(keyedBy: AnyKey.self)
        let dateKey = AnyKey(stringValue: "date")
        if members.contains(dateKey) {
            // Given, it is a date: null, a number or text that names no instant is refused.
            guard let text = try? members.decode(String.self, forKey: dateKey),
                let date = WireDateText.date(from: text)
            else {
                throw WireJSON.Refusal(
                    "date must be an RFC 3339 date and time, as 2026-11-02T08:30:00Z",
                    field: "date")
            }
            self.date = date
        } else {
            date = nil
        }
        if let unknown = members.allKeys.map(\.stringValue).sorted().first(where: {
            !known.contains($0)
        }) {
            throw WireJSON.Refusal(
                "unknown field '\(unknown)': \(Self.shape)", field: unknown)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
        if let date {
            var members = encoder.container(keyedBy: AnyKey.self)
            try members.encode(WireDateText.text(of: date), forKey: AnyKey(stringValue: "date"))
        }
    }
}
