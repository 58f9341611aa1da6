import DiaryCore

/// The tags of a diary as `GET /api/diary/tags` and `casebook diary tags --json` give them:
/// `{"tags": [{"tag", "count"}]}`, most used first.
public struct DiaryTagsWire: Codable, Equatable, Sendable {
    public struct Tag: Codable, Equatable, Sendable {
        public let tag: String
        public let count: Int
    }

    public let tags: [Tag]

    public init(_ counts: [DiaryTagCount]) {
        tags = counts.map { Tag(tag: $0.tag, count: $0.count) }
    }
}
