/// A menu file that cannot be used, with where and what: `menu.yaml:4:12: pizzas[1].price: …`.
public struct MenuFileError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let column: Int?
    /// The field at fault, such as `pizzas[1].price`.
    public let field: String?
    public let problem: String

    public init(
        file: String, line: Int? = nil, column: Int? = nil, field: String? = nil, problem: String
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.problem = problem
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        if let field { text += ": \(field)" }
        return text + ": " + problem
    }
}
