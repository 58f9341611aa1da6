/// A row a store cannot turn back into what was saved: the database was changed by something
/// other than the store, or damaged. Reported as such, never answered with a wrong value.
public struct DamagedRowError: Error, Equatable, CustomStringConvertible {
    /// The store, as a person would name it: "diary", "respondents", "preferences".
    public let store: String
    /// The row's key, when it can be read.
    public let key: String?
    public let problem: String

    public init(store: String, key: String?, problem: String) {
        self.store = store
        self.key = key
        self.problem = problem
    }

    public var description: String {
        "the \(store) store holds a damaged row" + (key.map { " ('\($0)')" } ?? "") + ": \(problem)"
    }
}
