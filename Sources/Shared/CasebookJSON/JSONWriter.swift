/// Writes `JSONValue`s as compact JSON with object keys sorted, so that the same value always
/// gives the same bytes (the store compares them to count unchanged respondents).
public enum JSONWriter {
    public static func data(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, to: &output)
        return output
    }

    public static func string(_ value: JSONValue) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    package static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .double(let number): writeDouble(number, to: &output)
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            for (position, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeString(field.key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(field.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Shortest round-tripping form; non-finite numbers (not JSON) become null.
    private static func writeDouble(_ number: Double, to output: inout [UInt8]) {
        guard number.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        output.append(contentsOf: "\(number)".utf8)
    }

    /// `text` as a JSON string: `"`, `\` and the control characters escaped (`\n`, `\r`,
    /// `\t`, the others as `\u00XX`), every other byte as it is, copied in runs between
    /// escapes. With `shortControlEscapes`, backspace and form feed are written `\b` and `\f`,
    /// as `JSONEncoder` writes them (the diary's wire); without, `\u0008` and `\u000c`, as
    /// canonical JSON, of which the respondents' digests are taken, writes them. The one string
    /// escaper of Casebook's JSON.
    package static func writeString(
        _ text: String, to output: inout [UInt8], shortControlEscapes: Bool = false
    ) {
        var text = text
        output.append(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
                case 0x0A: output.append(contentsOf: #"\n"#.utf8)
                case 0x0D: output.append(contentsOf: #"\r"#.utf8)
                case 0x09: output.append(contentsOf: #"\t"#.utf8)
                case 0x08 where shortControlEscapes: output.append(contentsOf: #"\b"#.utf8)
                case 0x0C where shortControlEscapes: output.append(contentsOf: #"\f"#.utf8)
                default:
                    output.append(contentsOf: #"\u00"#.utf8)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
