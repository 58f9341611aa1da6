/// A store, written outside Casebook before the operation existed, cannot do what was asked.
public struct UnsupportedStoreOperation: Error, Equatable, CustomStringConvertible {
    public let store: String
    public let operation: String

    public init(store: String, operation: String) {
        self.store = store
        self.operation = operation
    }

    public var description: String { "the user store \(store) cannot \(operation)" }
}
