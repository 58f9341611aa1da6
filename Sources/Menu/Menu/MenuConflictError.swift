/// A save made from a revision that is no longer the current one: someone saved another since.
/// Nothing was saved.
public struct MenuConflictError: Error, Equatable, CustomStringConvertible {
    /// The revision the save was made from (nil: from none).
    public let base: Int?
    /// The revision that is current now.
    public let current: Int?

    public init(base: Int?, current: Int?) {
        self.base = base
        self.current = current
    }

    public var description: String {
        "the menu was changed since revision \(base.map(String.init) ?? "none"): "
            + "revision \(current.map(String.init) ?? "none") is current"
    }
}
