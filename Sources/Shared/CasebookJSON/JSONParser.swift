import Foundation

/// A strict, fast JSON reader (RFC 8259) producing `JSONValue`: integers stay integers (one
/// beyond 64 bits is refused, never rounded), other numbers become `Double`; strings must be
/// valid UTF-8 without NUL (refused, never repaired). It reads bytes directly, without
/// `Codable`'s cost.
public struct JSONParser {
    /// Where and why the text is not JSON.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        /// The byte offset of the problem, from 0.
        public let offset: Int
        public let problem: String

        public var description: String { "\(problem) at byte \(offset)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The single JSON value in `data`, with nothing but white space around it.
    public static func parse(_ data: some Collection<UInt8>) throws(SyntaxError) -> JSONValue {
        let result: Result<JSONValue, SyntaxError>? = data.withContiguousStorageIfAvailable {
            buffer in
            var parser = JSONParser(bytes: buffer)
            return Result { () throws(SyntaxError) in try parser.parseDocument() }
        }
        if let result { return try result.get() }
        return try parse(Array(data))
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        index += 1
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let keyStart = index
            let key = try parseString()
            // Swift tells keys apart as it tells strings apart: `é` and `e` with a combining
            // accent are one key.
            guard fields[key] == nil else {
                throw SyntaxError(
                    offset: keyStart, problem: "the key '\(key)' is given twice in one object")
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':'") }
            fields[key] = try parseValue()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}'") }
            depth -= 1
            return .object(fields)
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']'") }
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes. ASCII needs no validation, so only text beyond it pays for it.
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard
                    let text = isASCII
                        ? String(decoding: raw, as: UTF8.self)
                        : String(validating: raw, as: UTF8.self)
                else { throw SyntaxError(offset: start, problem: "invalid UTF-8 in a string") }
                index += 1
                return text
            }
            isASCII = isASCII && byte < 0x80
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw SyntaxError(offset: start, problem: "invalid UTF-8 in a string")
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): scalars.append(contentsOf: try parseUnicodeEscape())
                default:
                    index -= 1
                    throw error("invalid escape")
                }
            case 0..<0x20:
                throw error("control character in a string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// The UTF-8 bytes of a `\uXXXX` escape (after the `u`), joining surrogate pairs. NUL is
    /// refused: no text Casebook keeps may hold it.
    private mutating func parseUnicodeEscape() throws(SyntaxError) -> [UInt8] {
        let escapeStart = index - 2
        var code = try parseHex4()
        if code == 0 {
            throw SyntaxError(offset: escapeStart, problem: "NUL character (\\u0000) in a string")
        }
        if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("unpaired surrogate in \\u escape")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            isInteger = false
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger {
            guard let integer = Int(text) else {
                throw SyntaxError(
                    offset: start, problem: "integer beyond 64 bits (send it as a string)")
            }
            return .integer(integer)
        }
        guard let double = Double(text), double.isFinite else {
            throw JSONParser.SyntaxError(offset: start, problem: "number out of range")
        }
        guard Self.keeps(text, double) else {
            throw JSONParser.SyntaxError(
                offset: start,
                problem:
                    "a number a 64-bit float would change (it would be \(double); send it as a string)"
            )
        }
        return .double(double)
    }

    /// Whether `double`, read from the decimal `text`, is the number `text` writes: whether
    /// its shortest spelling, or its spelling to 17 significant digits (C's `%.17g`, which
    /// PostgreSQL and older encoders write: `0.10000000000000001` for 0.1), says the same
    /// number (`1.10` is 1.1); not when the reading rounded digits away or made a small
    /// number 0.
    package static func keeps(_ text: String, _ double: Double) -> Bool {
        let written = decimal(text.utf8)
        return written == decimal("\(double)".utf8)
            || written == decimal(String(format: "%.17g", double).utf8)
    }

    /// The number a decimal text writes (JSON's, or Swift's shortest spelling of a float), as
    /// its sign, its significant digits without a leading or trailing zero, and the power of
    /// ten just above its first digit: `0.0125` and `1.25e-2` are both (+, 125, -1). Every zero
    /// is (+, none, 0).
    private static func decimal(_ text: some Collection<UInt8>) -> DecimalNumber {
        var negative = false
        var digits: [UInt8] = []
        var point: Int?
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "-") where inExponent: exponentNegative = true
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): point = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where inExponent:
                // Any exponent past a million has made the float infinite or zero already.
                exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
            default: break
            }
        }
        var power = (point ?? digits.count) + (exponentNegative ? -exponent : exponent)
        let leading = digits.prefix { $0 == UInt8(ascii: "0") }.count
        power -= leading
        let significant = digits.dropFirst(leading).reversed().drop { $0 == UInt8(ascii: "0") }
        guard !significant.isEmpty else {
            return DecimalNumber(negative: false, digits: [], power: 0)
        }
        return DecimalNumber(
            negative: negative, digits: Array(significant.reversed()), power: power)
    }

    private struct DecimalNumber: Equatable {
        let negative: Bool
        let digits: [UInt8]
        let power: Int
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(SyntaxError)
        -> JSONValue
    {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else { throw error("unexpected character") }
        index += count
        return value
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested too deeply") }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func error(_ problem: String) -> SyntaxError {
        SyntaxError(offset: index, problem: problem)
    }
}
