/// A token that is not a number `factor` accepts: a non-negative decimal integer below 2^64.
public struct InvalidFactorInput: Error, Equatable, CustomStringConvertible {
    /// The token exactly as it was given.
    public let token: String
    /// The token's bytes, which may not be UTF-8 when they came from a stream.
    private let bytes: [UInt8]

    public init(token: String) {
        self.token = token
        bytes = Array(token.utf8)
    }

    /// A token read from a stream, byte for byte.
    init(bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
        token = String(decoding: self.bytes, as: UTF8.self)
    }

    /// `'TOKEN' is not a valid positive integer`, with every byte that is not printable ASCII,
    /// the backslash and the apostrophe escaped as GNU `factor` escapes them in the C locale
    /// (`\t`, `\303`, `\'`), so that the message shows exactly what was there, never a
    /// replacement character.
    public var description: String {
        "'\(Self.escaped(bytes))' is not a valid positive integer"
    }

    private static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): result += "\\\\"
            case UInt8(ascii: "'"): result += "\\'"
            case 0x07: result += "\\a"
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0B: result += "\\v"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return result
    }
}
