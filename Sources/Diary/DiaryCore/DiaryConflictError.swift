/// A save that started from an older revision of the entry than the one stored: someone else
/// saved it meanwhile. Carries the entry as it is now, so that both versions can be shown.
public struct DiaryConflictError: Error, Equatable, CustomStringConvertible {
    public let current: RevisedEntry

    public init(current: RevisedEntry) {
        self.current = current
    }

    public var description: String {
        "entry \(current.entry.id.uuidString.lowercased()) was changed by someone else since it was opened (it is now at revision \(current.revision))"
    }
}
