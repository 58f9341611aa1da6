/// What adding or updating a diary entry sends: `{"text": "…"}`.
public struct DiaryTextRequest: Decodable, Equatable, Sendable {
    public static let shape = #"the body must be {"text": "…"}"#

    public let text: String
}
