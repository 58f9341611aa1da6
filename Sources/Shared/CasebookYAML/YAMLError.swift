/// Where and why a YAML text could not be read: a syntax error, or a limit it went past.
public struct YAMLError: Error, Equatable, Sendable {
    /// Where, counting from 1, when known.
    public let line: Int?
    public let column: Int?
    public let problem: String

    public init(line: Int?, column: Int?, problem: String) {
        self.line = line
        self.column = column
        self.problem = problem
    }
}
