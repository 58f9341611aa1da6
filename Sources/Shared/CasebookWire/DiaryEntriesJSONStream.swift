import DiaryCore

/// `DiaryEntriesWire` as JSON, written one entry at a time: byte for byte what
/// `WireJSON.encode(DiaryEntriesWire(entries), indented:)` gives, without holding the entries
/// or the text.
public struct DiaryEntriesJSONStream {
    private var wroteEntry = false
    private let pieces: Pieces

    /// The fixed text around the values, indented or compact.
    private struct Pieces {
        let start: String
        let between: String
        let beforeDate: String
        let beforeID: String
        let beforeText: String
        let afterText: String
        let finish: String
    }

    private static let indentedPieces = Pieces(
        start: "{\n  \"entries\" : [\n", between: ",\n", beforeDate: "    {\n      \"date\" : \"",
        beforeID: "\",\n      \"id\" : \"", beforeText: "\",\n      \"text\" : ",
        afterText: "\n    }",
        finish: "\n  ]\n}")
    private static let compactPieces = Pieces(
        start: "{\"entries\":[", between: ",", beforeDate: "{\"date\":\"", beforeID: "\",\"id\":\"",
        beforeText: "\",\"text\":", afterText: "}", finish: "]}")

    /// Indented, as the command line prints it.
    public init() {
        self.init(indented: true)
    }

    /// Indented as the command line prints it, or compact as the API answers.
    public init(indented: Bool) {
        pieces = indented ? Self.indentedPieces : Self.compactPieces
    }

    /// A whole list at once: what `WireJSON.encode(DiaryEntriesWire(entries), indented:)`
    /// gives, without `JSONEncoder`.
    public static func encode(_ entries: some Sequence<Entry>, indented: Bool) -> [UInt8] {
        var stream = DiaryEntriesJSONStream(indented: indented)
        var output: [UInt8] = []
        stream.start(to: &output)
        for entry in entries { stream.write(entry, to: &output) }
        stream.finish(to: &output)
        return output
    }

    /// The start of the list, before any entry.
    public func start(to output: inout [UInt8]) {
        output.append(contentsOf: pieces.start.utf8)
    }

    /// One entry of the list, after those already written.
    public mutating func write(_ entry: Entry, to output: inout [UInt8]) {
        if wroteEntry { output.append(contentsOf: pieces.between.utf8) }
        wroteEntry = true
        output.append(contentsOf: pieces.beforeDate.utf8)
        WireDateText.write(entry.date, to: &output)
        output.append(contentsOf: pieces.beforeID.utf8)
        EntryIDText.write(entry.id, to: &output)
        output.append(contentsOf: pieces.beforeText.utf8)
        Self.writeString(entry.text, to: &output)
        output.append(contentsOf: pieces.afterText.utf8)
    }

    /// The end of the list, after the last entry.
    public func finish(to output: inout [UInt8]) {
        output.append(contentsOf: pieces.finish.utf8)
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
