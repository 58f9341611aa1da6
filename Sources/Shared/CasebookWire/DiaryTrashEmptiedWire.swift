/// What `DELETE /api/diary/trash` did: `{"emptied": N}`, the entries it dropped for good.
public struct DiaryTrashEmptiedWire: Codable, Equatable, Sendable {
    public let emptied: Int

    public init(emptied: Int) {
        self.emptied = emptied
    }
}
