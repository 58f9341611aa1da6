/// A respondent file that could not be read or understood, with where the problem is.
public struct RespondentFileError: Error, Hashable, CustomStringConvertible {
    /// The file's name or path.
    public let file: String
    /// Where in the file, counting from 1, when known.
    public let line: Int?
    public let column: Int?
    public let problem: String

    public init(file: String, line: Int? = nil, column: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `file:line:column: problem`, the way compilers point at a place.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(problem)"
    }
}
