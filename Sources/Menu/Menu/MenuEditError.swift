/// Why a dish or a currency given by a form cannot be on the menu: the field at fault and what
/// is wrong, with the value (`name: 'Diavola' is on the menu already`).
public struct MenuEditError: Error, Equatable, CustomStringConvertible {
    /// The field at fault: `name`, `price`, `description`, `currency`, `locale` or `place`.
    public let field: String
    public let problem: String

    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)" }
}
