/// A place in a YAML text, counting lines and columns from 1 (columns in Unicode scalars).
public struct YAMLPosition: Equatable, Sendable {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
