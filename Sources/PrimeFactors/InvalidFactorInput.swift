/// A token that is not a number `factor` accepts: a non-negative decimal integer below 2^64.
public struct InvalidFactorInput: Error, Equatable, CustomStringConvertible {
    /// The token exactly as it was given.
    public let token: String

    public init(token: String) {
        self.token = token
    }

    /// `'TOKEN' is not a valid positive integer`, with control characters and backslashes escaped
    /// so that the message shows what was really there.
    public var description: String {
        "'\(Self.escaped(token))' is not a valid positive integer"
    }

    private static func escaped(_ token: String) -> String {
        var result = ""
        for scalar in token.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\u{7}": result += "\\a"
            case "\u{8}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{B}": result += "\\v"
            case "\u{C}": result += "\\f"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let octal = String(scalar.value, radix: 8)
                result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
