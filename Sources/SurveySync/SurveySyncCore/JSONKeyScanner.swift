/// Reads the keys of a JSON text and skips its values, or gives each value's text: the columns
/// and cells of a respondent's JSON, without building a value (`RespondentExport`). A nested
/// object's keys are `outer/inner` (`RespondentColumnName`); every other value is one cell: a string's text, a number's
/// or a literal's JSON (`null` an empty cell), a list's JSON as it stands (the stored JSON is
/// `JSONWriter`'s, so this is what writing the list again would give). Strict enough for JSON a
/// store wrote: anything it cannot read is a failure, never a guess.
struct JSONKeyScanner {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let deepest = 512

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index == bytes.count }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Reads an object, adding each key's column (prefixed by `named`) to `found`.
    mutating func object(named prefix: String?, into found: inout [String]) -> Bool {
        object(named: prefix) { name, _ in
            found.append(name)
            return true
        } valueReader: { scanner in
            scanner.skipValue() ? (text: "", isText: false) : nil
        }
    }

    /// Reads an object, handing each leaf's column and cell to `cell`.
    mutating func cells(into cell: (String, (text: String, isText: Bool)) -> Void) -> Bool {
        object(named: nil) { name, value in
            cell(name, value)
            return true
        } valueReader: { scanner in
            scanner.cellText()
        }
    }

    private mutating func object(
        named prefix: String?, _ leaf: (String, (text: String, isText: Bool)) -> Bool,
        valueReader: (inout JSONKeyScanner) -> (text: String, isText: Bool)?
    ) -> Bool {
        skipSpace()
        guard next(UInt8(ascii: "{")) else { return false }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.deepest else { return false }
        skipSpace()
        if next(UInt8(ascii: "}")) { return true }
        while true {
            skipSpace()
            guard let key = string() else { return false }
            let name = RespondentColumnName.name(key, in: prefix)
            skipSpace()
            guard next(UInt8(ascii: ":")) else { return false }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                guard object(named: name, leaf, valueReader: valueReader) else { return false }
            } else {
                guard let value = valueReader(&self), leaf(name, value) else { return false }
            }
            skipSpace()
            if next(UInt8(ascii: ",")) { continue }
            return next(UInt8(ascii: "}"))
        }
    }

    /// A leaf value's cell: a string's text, `null` empty, anything else its JSON as it stands.
    private mutating func cellText() -> (text: String, isText: Bool)? {
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            return string().map { ($0, true) }
        }
        let start = index
        guard skipValue() else { return nil }
        let raw = bytes[start..<index]
        if raw.elementsEqual("null".utf8) { return ("", false) }
        return (String(decoding: raw, as: UTF8.self), false)
    }

    /// Skips one value that is not an object's member list being read: a string, a number, a
    /// literal, an array or an object.
    private mutating func skipValue() -> Bool {
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close: UInt8 =
                bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.deepest else { return false }
            skipSpace()
            if next(close) { return true }
            while true {
                if isObject {
                    skipSpace()
                    guard string() != nil else { return false }
                    skipSpace()
                    guard next(UInt8(ascii: ":")) else { return false }
                }
                guard skipValue() else { return false }
                skipSpace()
                if next(UInt8(ascii: ",")) { continue }
                return next(close)
            }
        default:
            // A number or a literal: the bytes up to the next delimiter.
            let start = index
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A,
                    0x0D:
                    break scan
                default: index += 1
                }
            }
            return index > start
        }
    }

    /// Reads a string, its escapes decoded. The JSON is a store's, which was checked to be
    /// UTF-8 when it came in: its bytes are taken as they are.
    private mutating func string() -> String? {
        guard next(UInt8(ascii: "\"")) else { return nil }
        // Most strings have no escape: their bytes, at once.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\")
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    var scalar: Unicode.Scalar?
                    if (0xD800..<0xDC00).contains(unit) {
                        guard next(UInt8(ascii: "\\")), next(UInt8(ascii: "u")),
                            let low = hex4(), (0xDC00..<0xE000).contains(low)
                        else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalar = Unicode.Scalar(unit)
                    guard let scalar else { return nil }
                    text.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            default: text.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func next(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
