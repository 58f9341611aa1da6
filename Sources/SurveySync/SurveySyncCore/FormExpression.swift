/// An expression of a form's rules (`constraint`, `relevant`, `required`): the part of XPath 1.0
/// that XLSForms use, parsed into a tree once and evaluated by `FormExpressionEvaluator`. `.` is
/// the answer being checked, `${name}` another field's; comparisons, `and`, `or`, arithmetic
/// (`+ - * div mod`), and function calls. A path (`/data/age`, `../age`, `instance('x')/…`)
/// is read and kept, but not evaluated: a rule that needs one is not checked.
public indirect enum FormExpression: Sendable, Equatable {
    case number(Double)
    case string(String)
    /// `.`: the answer being checked.
    case current
    /// `${name}`: another field's answer.
    case field(String)
    /// A location path, as written.
    case path(String)
    case negate(FormExpression)
    case binary(String, FormExpression, FormExpression)
    case call(String, [FormExpression])

    /// Why a text is not an expression: what, and at which character (1 for the first).
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public let offset: Int
        public var description: String { "\(reason) (at character \(offset))" }
    }

    /// The most nodes an expression may have, and how deep it may nest.
    public static let mostNodes = 2_000
    public static let mostDepth = 64

    /// The expression `text` writes.
    public init(_ text: String) throws(SyntaxError) {
        var parser = FormExpressionParser(text)
        self = try parser.parseAll()
    }
}

/// Reads an expression's text into a `FormExpression`: tokens, then precedence climbing, with
/// XPath's rule that `and`, `or`, `div`, `mod` and `*` are operators only after an operand.
struct FormExpressionParser {
    enum Token: Equatable {
        case number(Double)
        case string(String)
        case field(String)
        case name(String)
        case symbol(String)
        case path(String)
    }

    private var tokens: [(token: Token, offset: Int)] = []
    private var index = 0
    private var nodes = 0
    private var depth = 0
    private let length: Int
    private var tokenError: FormExpression.SyntaxError?

    init(_ text: String) {
        length = text.count
        do {
            tokens = try Self.tokens(of: Array(text))
        } catch {
            tokenError = error
        }
    }

    mutating func parseAll() throws(FormExpression.SyntaxError) -> FormExpression {
        if let tokenError { throw tokenError }
        guard !tokens.isEmpty else {
            throw FormExpression.SyntaxError(reason: "it is empty", offset: 1)
        }
        let expression = try parse(precedence: 0)
        if index < tokens.count {
            throw FormExpression.SyntaxError(
                reason: "\(Self.describe(tokens[index].token)) was not expected",
                offset: tokens[index].offset)
        }
        return expression
    }

    private static let precedence: [String: Int] = [
        "or": 1, "and": 2, "=": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5,
        "*": 6, "div": 6, "mod": 6, "|": 7,
    ]

    private func binaryOperator() -> String? {
        guard index < tokens.count else { return nil }
        switch tokens[index].token {
        case .symbol(let symbol) where Self.precedence[symbol] != nil: return symbol
        case .name(let name) where ["and", "or", "div", "mod"].contains(name): return name
        default: return nil
        }
    }

    private mutating func parse(precedence minimum: Int) throws(FormExpression.SyntaxError)
        -> FormExpression
    {
        depth += 1
        defer { depth -= 1 }
        guard depth <= FormExpression.mostDepth else {
            throw FormExpression.SyntaxError(
                reason: "it nests more than \(FormExpression.mostDepth) deep", offset: offset)
        }
        var left = try unary()
        while let symbol = binaryOperator(), let level = Self.precedence[symbol], level > minimum {
            index += 1
            let right = try parse(precedence: level)
            left = try node(.binary(symbol, left, right))
        }
        return left
    }

    private var offset: Int { index < tokens.count ? tokens[index].offset : length + 1 }

    private mutating func node(_ expression: FormExpression) throws(FormExpression.SyntaxError)
        -> FormExpression
    {
        nodes += 1
        guard nodes <= FormExpression.mostNodes else {
            throw FormExpression.SyntaxError(
                reason: "it is longer than \(FormExpression.mostNodes) parts", offset: offset)
        }
        return expression
    }

    private mutating func unary() throws(FormExpression.SyntaxError) -> FormExpression {
        if index < tokens.count, tokens[index].token == .symbol("-") {
            index += 1
            return try node(.negate(try unary()))
        }
        return try primary()
    }

    private mutating func primary() throws(FormExpression.SyntaxError) -> FormExpression {
        guard index < tokens.count else {
            throw FormExpression.SyntaxError(
                reason: "it ends where a value is needed", offset: offset)
        }
        let (token, at) = tokens[index]
        index += 1
        switch token {
        case .number(let value): return try node(.number(value))
        case .string(let text): return try node(.string(text))
        case .field(let name): return try node(.field(name))
        case .path(let path): return try node(path == "." ? .current : .path(path))
        case .symbol("("):
            let inner = try parse(precedence: 0)
            try expect(")")
            return inner
        case .name(let name):
            if index < tokens.count, tokens[index].token == .symbol("(") {
                index += 1
                var arguments: [FormExpression] = []
                if index < tokens.count, tokens[index].token == .symbol(")") {
                    index += 1
                } else {
                    while true {
                        arguments.append(try parse(precedence: 0))
                        if index < tokens.count, tokens[index].token == .symbol(",") {
                            index += 1
                            continue
                        }
                        try expect(")")
                        break
                    }
                }
                // A call followed by a path (`instance('x')/root/item`) is a path.
                if index < tokens.count, case .path(let rest) = tokens[index].token,
                    rest.hasPrefix("/")
                {
                    index += 1
                    return try node(.path(name + "(…)" + rest))
                }
                return try node(.call(name, arguments))
            }
            return try node(.path(name))
        default:
            throw FormExpression.SyntaxError(
                reason: "\(Self.describe(token)) was not expected", offset: at)
        }
    }

    private mutating func expect(_ symbol: String) throws(FormExpression.SyntaxError) {
        guard index < tokens.count, tokens[index].token == .symbol(symbol) else {
            throw FormExpression.SyntaxError(reason: "a \(symbol) is missing", offset: offset)
        }
        index += 1
    }

    private static func describe(_ token: Token) -> String {
        switch token {
        case .number(let value): "the number \(value)"
        case .string(let text): "the text '\(text)'"
        case .field(let name): "${\(name)}"
        case .name(let name): name
        case .symbol(let symbol): symbol
        case .path(let path): path
        }
    }

    // MARK: - Tokens

    private static func isNameStart(_ character: Character) -> Bool {
        character.isLetter || character == "_"
    }

    private static func isNamePart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-"
            || character == "." || character == ":"
    }

    static func tokens(of text: [Character]) throws(FormExpression.SyntaxError)
        -> [(token: Token, offset: Int)]
    {
        var tokens: [(token: Token, offset: Int)] = []
        var position = 0
        /// Whether the token before ends an operand, so that `*` and `and` are operators.
        func afterOperand() -> Bool {
            guard let last = tokens.last?.token else { return false }
            switch last {
            case .number, .string, .field, .path: return true
            case .symbol(let symbol): return symbol == ")" || symbol == "]"
            case .name(let name): return !["and", "or", "div", "mod"].contains(name)
            }
        }
        while position < text.count {
            let character = text[position]
            let start = position + 1
            if character.isWhitespace {
                position += 1
                continue
            }
            if character.isNumber
                || (character == "." && position + 1 < text.count && text[position + 1].isNumber)
            {
                var end = position
                while end < text.count, text[end].isNumber || text[end] == "." { end += 1 }
                guard let value = Double(String(text[position..<end])) else {
                    throw FormExpression.SyntaxError(reason: "a number is malformed", offset: start)
                }
                tokens.append((.number(value), start))
                position = end
                continue
            }
            if character == "'" || character == "\"" {
                guard let end = text[(position + 1)...].firstIndex(of: character) else {
                    throw FormExpression.SyntaxError(
                        reason: "a text is never closed", offset: start)
                }
                tokens.append((.string(String(text[(position + 1)..<end])), start))
                position = end + 1
                continue
            }
            if character == "$" {
                guard position + 1 < text.count, text[position + 1] == "{",
                    let end = text[position...].firstIndex(of: "}")
                else {
                    throw FormExpression.SyntaxError(
                        reason: "a $ is not the start of ${name}", offset: start)
                }
                let name = String(text[(position + 2)..<end]).trimmingWhitespace
                tokens.append((.field(name), start))
                position = end + 1
                continue
            }
            if character == "." || character == "/" || character == "@"
                || (isNameStart(character) && startsPath(text, at: position))
                || (character == "*" && !afterOperand())
            {
                let end = pathEnd(text, from: position)
                tokens.append((.path(String(text[position..<end])), start))
                position = end
                continue
            }
            if isNameStart(character) {
                var end = position
                while end < text.count, isNamePart(text[end]) { end += 1 }
                // `a-b` is a name in XPath; `a -b` is a subtraction.
                tokens.append((.name(String(text[position..<end])), start))
                position = end
                continue
            }
            let two = position + 1 < text.count ? String(text[position...(position + 1)]) : ""
            if ["!=", "<=", ">="].contains(two) {
                tokens.append((.symbol(two), start))
                position += 2
                continue
            }
            if "=<>+-*|(),[]".contains(character) {
                tokens.append((.symbol(String(character)), start))
                position += 1
                continue
            }
            throw FormExpression.SyntaxError(
                reason: "the character \(character) was not expected", offset: start)
        }
        return tokens
    }

    /// Whether the name at `position` begins a path of several steps (`a/b`), not a name alone.
    private static func startsPath(_ text: [Character], at position: Int) -> Bool {
        var end = position
        while end < text.count, isNamePart(text[end]) { end += 1 }
        return end < text.count && text[end] == "/"
    }

    /// Where a location path ends: its steps, their predicates in brackets.
    private static func pathEnd(_ text: [Character], from position: Int) -> Int {
        var end = position
        var brackets = 0
        while end < text.count {
            let character = text[end]
            if character == "[" {
                brackets += 1
            } else if character == "]" {
                guard brackets > 0 else { break }
                brackets -= 1
            } else if brackets == 0,
                !(isNamePart(character) || character == "/" || character == "@" || character == "*")
            {
                break
            }
            end += 1
        }
        return end
    }
}
