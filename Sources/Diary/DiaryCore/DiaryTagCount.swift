/// A tag and how many entries have it.
public struct DiaryTagCount: Equatable, Sendable {
    public let tag: String
    public let count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }

    /// Most used first, then by name (in the order of their bytes).
    static func ordered(_ counts: [String: Int]) -> [DiaryTagCount] {
        counts.map { DiaryTagCount(tag: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count
                ? $0.count > $1.count : Array($0.tag.utf8).lexicographicallyPrecedes($1.tag.utf8)
        }
    }
}
