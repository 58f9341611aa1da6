/// A store that cannot be used right now: its database is damaged, full, read-only, locked for
/// too long or out of reach. What a person can act on, said without the server's insides.
public struct StoreUnavailableError: Error, Equatable, CustomStringConvertible {
    /// The store, as a person would name it: "diary", "respondents", "preferences".
    public let store: String
    /// Why, in the database's own words ("database disk image is malformed").
    public let reason: String
    /// Whether asking again in a moment may succeed: the database out of reach, too slow or
    /// busy, or its hosts changing places; not a damaged file or a refused statement.
    public let isTemporary: Bool

    public init(store: String, reason: String) {
        self.init(store: store, reason: reason, isTemporary: false)
    }

    public init(store: String, reason: String, isTemporary: Bool) {
        self.store = store
        self.reason = reason
        self.isTemporary = isTemporary
    }

    public var description: String { "the \(store) store cannot be used right now: \(reason)" }
}
