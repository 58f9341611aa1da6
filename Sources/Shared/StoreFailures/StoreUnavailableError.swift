/// A store that cannot be used right now: its database is damaged, full, read-only, locked for
/// too long or out of reach. What a person can act on, said without the server's insides.
public struct StoreUnavailableError: Error, Equatable, CustomStringConvertible {
    /// The store, as a person would name it: "diary", "respondents", "preferences".
    public let store: String
    /// Why, in the database's own words ("database disk image is malformed").
    public let reason: String

    public init(store: String, reason: String) {
        self.store = store
        self.reason = reason
    }

    public var description: String { "the \(store) store cannot be used right now: \(reason)" }
}
