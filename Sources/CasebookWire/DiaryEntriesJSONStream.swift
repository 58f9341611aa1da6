import DiaryCore

/// `DiaryEntriesWire` as indented JSON, written one entry at a time: byte for byte what
/// `WireJSON.encode(DiaryEntriesWire(entries), indented: true)` gives, without holding the
/// entries or the text.
public struct DiaryEntriesJSONStream {
    private var wroteEntry = false

    public init() {}

    /// The start of the list, before any entry.
    public func start(to output: inout [UInt8]) {
        output.append(contentsOf: "{\n  \"entries\" : [\n".utf8)
    }

    /// One entry of the list, after those already written.
    public mutating func write(_ entry: Entry, to output: inout [UInt8]) {
        if wroteEntry { output.append(contentsOf: ",\n".utf8) }
        wroteEntry = true
        output.append(contentsOf: "    {\n      \"date\" : \"".utf8)
        WireDateText.write(entry.date, to: &output)
        output.append(contentsOf: "\",\n      \"id\" : \"".utf8)
        EntryIDText.write(entry.id, to: &output)
        output.append(contentsOf: "\",\n      \"text\" : ".utf8)
        Self.writeString(entry.text, to: &output)
        output.append(contentsOf: "\n    }".utf8)
    }

    /// The end of the list, after the last entry.
    public func finish(to output: inout [UInt8]) {
        output.append(contentsOf: "\n  ]\n}".utf8)
    }

    /// A string as `JSONEncoder` writes it without escaping slashes: quotes, backslashes and
    /// control characters escaped (short forms where JSON has them), everything else as is, in
    /// runs copied whole.
    private static func writeString(_ text: String, to output: inout [UInt8]) {
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
                case 0x08: output.append(contentsOf: #"\b"#.utf8)
                case 0x0C: output.append(contentsOf: #"\f"#.utf8)
                case 0x0A: output.append(contentsOf: #"\n"#.utf8)
                case 0x0D: output.append(contentsOf: #"\r"#.utf8)
                case 0x09: output.append(contentsOf: #"\t"#.utf8)
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
