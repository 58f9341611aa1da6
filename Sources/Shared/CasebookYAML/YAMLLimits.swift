/// How much a YAML text may ask of its reader. Every file Casebook reads comes from outside, so
/// none may make it expand, recurse or allocate without bound: aliases (`*name`, the
/// "billion laughs") are refused outright, and nesting and the number of values are capped.
public struct YAMLLimits: Sendable, Equatable {
    /// The deepest nesting of lists and mappings.
    public var maximumDepth: Int
    /// Scalars, lists and mappings together, keys included.
    public var maximumValues: Int

    public init(maximumDepth: Int = 64, maximumValues: Int = 100_000) {
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }
}
