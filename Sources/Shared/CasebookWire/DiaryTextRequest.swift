import DiaryCore

/// What adding or updating a diary entry sends (the server reads it, `--server` writes it):
/// the entry's content, `{"text": "…"}`, read strictly, as every wire type is: a member the
/// content does not have is refused, naming it.
public struct DiaryTextRequest: Codable, Equatable, Sendable {
    public static let shape = #"the body must be {"text": "…"}"#

    /// The entry's content the request sends.
    public let content: EntryContent

    /// The content's text.
    public var text: String { content.text }

    /// A request that sends `content`.
    public init(_ content: EntryContent) {
        self.content = content
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
        let known = Set(EntryContent.CodingKeys.allCases.map(\.rawValue))
        let members = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = members.allKeys.map(\.stringValue).sorted().first(where: {
            !known.contains($0)
        }) {
            throw WireJSON.Refusal(
                "unknown field '\(unknown)': \(Self.shape)", field: unknown)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
    }
}
