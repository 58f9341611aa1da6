/// What `POST /api/diary/import` did: `{"added": N, "present": M}`, the entries it added and
/// those it left as they were, already there by their id.
public struct DiaryImportWire: Codable, Equatable, Sendable {
    public let added: Int
    public let present: Int

    public init(added: Int, present: Int) {
        self.added = added
        self.present = present
    }
}
