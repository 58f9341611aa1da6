import Foundation

/// Works out a `FormExpression` as ODK Collect does, with XPath 1.0's conversions: every
/// answer is text, compared as a number when the other side is a number, as a date when the
/// other side is a date (`today()`, `date(…)`), as a truth value when either side is one.
/// A path, or a function this evaluator does not know, makes the expression `unsupported`:
/// the rule is then not checked, and says so, rather than guessed at.
public struct FormExpressionEvaluator: Sendable {
    /// A value an expression works out to.
    public enum Value: Sendable, Equatable {
        case string(String)
        case number(Double)
        case boolean(Bool)
        /// Days since 1970-01-01 (a time of day as its fraction).
        case date(Double)
    }

    /// Why an expression was not worked out.
    public struct Unsupported: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The answer `.` stands for.
    public var current: String
    /// Another field's answer, by name (`""` for none).
    public var field: @Sendable (String) -> String
    /// Today's date, in days since 1970 (the checking day's, in the server's zone).
    public var today: Double

    public init(
        current: String, today: Double, field: @escaping @Sendable (String) -> String
    ) {
        self.current = current
        self.today = today
        self.field = field
    }

    /// The expression's truth value.
    public func isTrue(_ expression: FormExpression) throws(Unsupported) -> Bool {
        Self.boolean(try evaluate(expression))
    }

    public func evaluate(_ expression: FormExpression) throws(Unsupported) -> Value {
        switch expression {
        case .number(let value): return .number(value)
        case .string(let text): return .string(text)
        case .current: return .string(current)
        case .field(let name): return .string(field(name))
        case .path(let path):
            throw Unsupported(description: "the path \(path) is not checked here")
        case .negate(let inner): return .number(-Self.number(try evaluate(inner)))
        case .binary(let symbol, let left, let right):
            return try binary(symbol, left, right)
        case .call(let name, let arguments):
            return try call(name, arguments)
        }
    }

    private func binary(
        _ symbol: String, _ leftExpression: FormExpression, _ rightExpression: FormExpression
    )
        throws(Unsupported) -> Value
    {
        // `and` and `or` stop as soon as the answer is known, as XPath's do.
        if symbol == "and" {
            guard try isTrue(leftExpression) else { return .boolean(false) }
            return .boolean(try isTrue(rightExpression))
        }
        if symbol == "or" {
            if try isTrue(leftExpression) { return .boolean(true) }
            return .boolean(try isTrue(rightExpression))
        }
        let left = try evaluate(leftExpression)
        let right = try evaluate(rightExpression)
        switch symbol {
        case "=", "!=":
            let equal: Bool
            switch (left, right) {
            case (.boolean, _), (_, .boolean): equal = Self.boolean(left) == Self.boolean(right)
            case (.date, _), (_, .date): equal = Self.days(left) == Self.days(right)
            case (.number, _), (_, .number): equal = Self.number(left) == Self.number(right)
            default: equal = Self.string(left) == Self.string(right)
            }
            return .boolean(symbol == "=" ? equal : !equal)
        case "<", "<=", ">", ">=":
            let dated: Bool
            if case .date = left {
                dated = true
            } else if case .date = right {
                dated = true
            } else {
                dated = false
            }
            let (a, b) =
                dated
                ? (Self.days(left), Self.days(right)) : (Self.number(left), Self.number(right))
            switch symbol {
            case "<": return .boolean(a < b)
            case "<=": return .boolean(a <= b)
            case ">": return .boolean(a > b)
            default: return .boolean(a >= b)
            }
        case "+", "-", "*", "div", "mod":
            let a = Self.number(left)
            let b = Self.number(right)
            switch symbol {
            case "+": return .number(a + b)
            case "-": return .number(a - b)
            case "*": return .number(a * b)
            case "div": return .number(a / b)
            default: return .number(a.truncatingRemainder(dividingBy: b))
            }
        default:
            throw Unsupported(description: "the operator \(symbol) is not checked here")
        }
    }

    private func call(_ name: String, _ arguments: [FormExpression]) throws(Unsupported) -> Value {
        func argument(_ index: Int) throws(Unsupported) -> Value {
            guard index < arguments.count else {
                throw Unsupported(description: "\(name)() is given too few arguments")
            }
            return try evaluate(arguments[index])
        }
        func text(_ index: Int) throws(Unsupported) -> String { Self.string(try argument(index)) }
        func count(_ expected: ClosedRange<Int>) throws(Unsupported) {
            guard expected.contains(arguments.count) else {
                throw Unsupported(
                    description:
                        "\(name)() takes \(expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)" : "\(expected.lowerBound) to \(expected.upperBound)") arguments"
                )
            }
        }
        switch name {
        case "true":
            try count(0...0)
            return .boolean(true)
        case "false":
            try count(0...0)
            return .boolean(false)
        case "not":
            try count(1...1)
            return .boolean(!Self.boolean(try argument(0)))
        case "boolean":
            try count(1...1)
            return .boolean(Self.boolean(try argument(0)))
        case "number":
            try count(0...1)
            return .number(Self.number(arguments.isEmpty ? .string(current) : try argument(0)))
        case "string":
            try count(0...1)
            return .string(arguments.isEmpty ? current : try text(0))
        case "int":
            try count(1...1)
            return .number(Self.number(try argument(0)).rounded(.towardZero))
        case "round":
            try count(1...2)
            let value = Self.number(try argument(0))
            let digits = arguments.count == 2 ? Self.number(try argument(1)) : 0
            let scale = pow(10, digits)
            return .number((value * scale).rounded(.toNearestOrAwayFromZero) / scale)
        case "floor":
            try count(1...1)
            return .number(Self.number(try argument(0)).rounded(.down))
        case "ceiling":
            try count(1...1)
            return .number(Self.number(try argument(0)).rounded(.up))
        case "abs":
            try count(1...1)
            return .number(abs(Self.number(try argument(0))))
        case "concat":
            var joined = ""
            for index in arguments.indices { joined += try text(index) }
            return .string(joined)
        case "contains":
            try count(2...2)
            return .boolean(try text(0).contains(try text(1)))
        case "starts-with":
            try count(2...2)
            return .boolean(try text(0).hasPrefix(try text(1)))
        case "ends-with":
            try count(2...2)
            return .boolean(try text(0).hasSuffix(try text(1)))
        case "string-length":
            try count(0...1)
            return .number(Double((arguments.isEmpty ? current : try text(0)).count))
        case "normalize-space":
            try count(0...1)
            let value = arguments.isEmpty ? current : try text(0)
            return .string(value.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        case "substr":
            // ODK's: from a 0-based start to an end not included.
            try count(2...3)
            let characters = Array(try text(0))
            let start = max(0, min(characters.count, Int(Self.number(try argument(1)))))
            let end =
                arguments.count == 3
                ? max(start, min(characters.count, Int(Self.number(try argument(2)))))
                : characters.count
            return .string(String(characters[start..<end]))
        case "selected":
            try count(2...2)
            return .boolean(Self.choices(try text(0)).contains(try text(1).trimmingWhitespace))
        case "count-selected":
            try count(1...1)
            return .number(Double(Self.choices(try text(0)).count))
        case "selected-at":
            try count(2...2)
            let chosen = Self.choices(try text(0))
            let index = Int(Self.number(try argument(1)))
            return .string(chosen.indices.contains(index) ? chosen[index] : "")
        case "regex":
            try count(2...2)
            let subject = try text(0)
            guard subject.count <= 10_000 else {
                throw Unsupported(description: "regex() is not run on an answer this long")
            }
            guard let regex = try? Regex(try text(1)) else {
                throw Unsupported(description: "the pattern of regex() cannot be read")
            }
            // XPath's regex(): the pattern found anywhere in the text.
            return .boolean((try? regex.firstMatch(in: subject)) != nil)
        case "today":
            try count(0...0)
            return .date(today.rounded(.down))
        case "date", "decimal-date-time", "decimal-date":
            try count(1...1)
            return .date(Self.days(try argument(0)))
        case "if":
            try count(3...3)
            return try Self.boolean(argument(0)) ? argument(1) : argument(2)
        case "coalesce":
            try count(2...2)
            let first = try text(0)
            return first.isEmpty ? try argument(1) : .string(first)
        case "once":
            try count(1...1)
            return try argument(0)
        case "min", "max":
            guard !arguments.isEmpty else {
                throw Unsupported(description: "\(name)() needs a value")
            }
            var values: [Double] = []
            for index in arguments.indices { values.append(Self.number(try argument(index))) }
            if values.contains(where: \.isNaN) { return .number(.nan) }
            return .number(name == "min" ? values.min()! : values.max()!)
        default:
            throw Unsupported(description: "\(name)() is not checked here")
        }
    }

    // MARK: - Conversions

    /// A multiple choice answer's choices: its words.
    static func choices(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func boolean(_ value: Value) -> Bool {
        switch value {
        case .boolean(let truth): truth
        case .number(let number): number != 0 && !number.isNaN
        case .date(let days): !days.isNaN
        case .string(let text): !text.isEmpty
        }
    }

    /// XPath's `number()`: a decimal number, spaces aside, else NaN.
    static func number(_ value: Value) -> Double {
        switch value {
        case .boolean(let truth): return truth ? 1 : 0
        case .number(let number): return number
        case .date(let days): return days
        case .string(let text):
            let trimmed = text.trimmingWhitespace
            var digits = 0
            for (index, character) in trimmed.enumerated() {
                if character.isASCII, character.isNumber {
                    digits += 1
                } else if !(character == "." || (character == "-" && index == 0)) {
                    return .nan
                }
            }
            guard digits > 0, trimmed.filter({ $0 == "." }).count <= 1 else { return .nan }
            return Double(trimmed) ?? .nan
        }
    }

    static func string(_ value: Value) -> String {
        switch value {
        case .string(let text): return text
        case .boolean(let truth): return truth ? "true" : "false"
        case .number(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .date(let days):
            guard days.isFinite else { return "" }
            return ReceivedDay(holding: Date(timeIntervalSince1970: days.rounded(.down) * 86_400))
                .text
        }
    }

    /// A value as days since 1970: a date's own, a number as it is, a text read as a date
    /// (`2026-03-01`, or with a time after it), else NaN.
    static func days(_ value: Value) -> Double {
        switch value {
        case .date(let days): return days
        case .number(let number): return number
        case .boolean: return .nan
        case .string(let text):
            // A date, or a date and time (`2026-03-01T09:30:00Z`), by its day.
            let trimmed = text.trimmingWhitespace
            guard trimmed.count == 10 || trimmed.dropFirst(10).first == "T",
                let day = ReceivedDay(String(trimmed.prefix(10)))
            else { return .nan }
            return (day.start.timeIntervalSince1970 / 86_400).rounded()
        }
    }
}
