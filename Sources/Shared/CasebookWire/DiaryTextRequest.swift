import DiaryCore

/// What adding or updating a diary entry sends (the server reads it, `--server` writes it): `{"text": "…"}`, read strictly, as every wire
/// type is: a member but `text` is refused, naming it.
public struct DiaryTextRequest: Codable, Equatable, Sendable {
    public static let shape = #"the body must be {"text": "…"}"#

    public let text: String

    /// The entry's content the request sends.
    public var content: EntryContent { EntryContent(text: text) }

    /// A request that sends `content`.
    public init(_ content: EntryContent) {
        text = content.text
    }

    private enum CodingKeys: String, CodingKey {
        case text
    }

    /// Any member's name, to find one that is not `text`.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        // Without a text the body is not this shape at all, whatever else it holds.
        text = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text)
        let members = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = members.allKeys.map(\.stringValue).sorted().first(where: {
            $0 != CodingKeys.text.rawValue
        }) {
            throw WireJSON.Refusal(
                "unknown field '\(unknown)': \(Self.shape)", field: unknown)
        }
    }
}
