import CasebookJSON
import DiaryCore
import Foundation

/// `DiaryEntriesWire` as JSON, written one entry at a time: byte for byte what
/// `WireJSON.encode(DiaryEntriesWire(entries), indented:)` gives, without holding the entries
/// or the text.
public struct DiaryEntriesJSONStream {
    private var wroteEntry = false
    private let pieces: Pieces
    /// Whether every entry is written through the wire type, as one whose content has more
    /// than a text is (for the tests that hold the two ways to the same bytes).
    package var writesEveryEntryWhole = false

    /// The fixed text around the values, indented or compact.
    private struct Pieces {
        let start: String
        let between: String
        let beforeDate: String
        let beforeID: String
        let beforeText: String
        let starredBeforeText: String
        let afterText: String
        let finish: String
    }

    private static let indentedPieces = Pieces(
        start: "{\n  \"entries\" : [\n", between: ",\n", beforeDate: "    {\n      \"date\" : \"",
        beforeID: "\",\n      \"id\" : \"", beforeText: "\",\n      \"text\" : ",
        starredBeforeText: "\",\n      \"starred\" : true,\n      \"text\" : ",
        afterText: "\n    }",
        finish: "\n  ]\n}")
    private static let compactPieces = Pieces(
        start: "{\"entries\":[", between: ",", beforeDate: "{\"date\":\"", beforeID: "\",\"id\":\"",
        beforeText: "\",\"text\":", starredBeforeText: "\",\"starred\":true,\"text\":",
        afterText: "}", finish: "]}")

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

    /// A page at once, as the API gives it: `{"entries": […], "next": …}`.
    /// A diary's export: its entries, each starred one with `"starred": true`.
    public static func encode(
        _ entries: some Sequence<Entry>, starred: Set<Entry.ID>, indented: Bool
    ) -> [UInt8] {
        var stream = DiaryEntriesJSONStream(indented: indented)
        var output: [UInt8] = []
        stream.start(to: &output)
        for entry in entries {
            stream.write(entry, starred: starred.contains(entry.id), to: &output)
        }
        stream.finish(to: &output)
        return output
    }

    /// A page of a search's results: each entry with where its text has the words found.
    public static func encode(
        _ entries: some Sequence<Entry>, next: String?, indented: Bool, search: DiarySearch
    ) -> [UInt8] {
        encode(entries, starred: [], next: next, indented: indented, search: search)
    }

    /// A page as the API gives it, each starred entry with `"starred": true`, and with a
    /// search, where each entry's text has the words found.
    public static func encode(
        _ entries: some Sequence<Entry>, starred: Set<Entry.ID>, next: String?, indented: Bool,
        search: DiarySearch? = nil
    ) -> [UInt8] {
        var stream = DiaryEntriesJSONStream(indented: indented)
        var output: [UInt8] = []
        stream.start(to: &output)
        for entry in entries {
            stream.write(
                entry, starred: starred.contains(entry.id),
                marks: search.map { $0.marks(in: entry.text) }, to: &output)
        }
        stream.finish(next: next, to: &output)
        return output
    }

    public static func encode(
        _ entries: some Sequence<Entry>, next: String?, indented: Bool
    ) -> [UInt8] {
        var stream = DiaryEntriesJSONStream(indented: indented)
        var output: [UInt8] = []
        stream.start(to: &output)
        for entry in entries { stream.write(entry, to: &output) }
        stream.finish(next: next, to: &output)
        return output
    }

    /// The start of the list, before any entry.
    public func start(to output: inout [UInt8]) {
        output.append(contentsOf: pieces.start.utf8)
    }

    /// One entry of the list, after those already written.
    public mutating func write(_ entry: Entry, to output: inout [UInt8]) {
        write(entry, starred: false, to: &output)
    }

    /// Appends `entry`, with `"starred": true` when it is (as a diary's export writes it).
    public mutating func write(_ entry: Entry, starred: Bool, to output: inout [UInt8]) {
        write(entry, starred: starred, marks: nil, to: &output)
    }

    /// Appends `entry` as a search's result: with `"marks"`, where its text has the words
    /// found, as pairs of UTF-16 offsets (start, end).
    public mutating func write(
        _ entry: Entry, starred: Bool, marks: [Range<String.Index>]?, to output: inout [UInt8]
    ) {
        if wroteEntry { output.append(contentsOf: pieces.between.utf8) }
        wroteEntry = true
        guard !writesEveryEntryWhole, entry.content == EntryContent(text: entry.text) else {
            writeWhole(entry, starred: starred, marks: marks, to: &output)
            return
        }
        output.append(contentsOf: pieces.beforeDate.utf8)
        WireDateText.write(entry.date, to: &output)
        output.append(contentsOf: pieces.beforeID.utf8)
        EntryIDText.write(entry.id, to: &output)
        if let marks {
            // Laid out as the encoder lays out an array of pairs, indented or not.
            output.append(
                contentsOf: (indented ? "\",\n      \"marks\" : [" : "\",\"marks\":[").utf8)
            for (index, (start, end)) in Self.offsets(of: marks, in: entry.text).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(
                    contentsOf: (indented
                        ? "\n        [\n          \(start),\n          \(end)\n        ]"
                        : "[\(start),\(end)]").utf8)
            }
            if indented {
                output.append(contentsOf: (marks.isEmpty ? "\n\n      " : "\n      ").utf8)
            }
            // Closes the marks with the rest of what comes before the text (a quote, opened by
            // the piece after the id, is not wanted here).
            let rest = starred ? pieces.starredBeforeText : pieces.beforeText
            output.append(UInt8(ascii: "]"))
            output.append(contentsOf: rest.utf8.dropFirst())
        } else {
            output.append(
                contentsOf: (starred ? pieces.starredBeforeText : pieces.beforeText).utf8)
        }
        JSONWriter.writeString(entry.text, to: &output, shortControlEscapes: true)
        output.append(contentsOf: pieces.afterText.utf8)
    }

    /// An entry whose content has more than its text, as the wire type encodes it: the text
    /// alone is laid out by hand above, for speed; any other member the content has is
    /// written as `DiaryEntryWire` writes it, so that a field added to the content needs
    /// nothing here.
    private func writeWhole(
        _ entry: Entry, starred: Bool, marks: [Range<String.Index>]?, to output: inout [UInt8]
    ) {
        let pairs = marks.map { Self.offsets(of: $0, in: entry.text).map { [$0.start, $0.end] } }
        let json = WireJSON.encode(
            MarkedEntryWire(entry: DiaryEntryWire(entry, starred: starred), marks: pairs),
            indented: indented)
        guard indented else {
            output.append(contentsOf: json)
            return
        }
        // Nested two levels down in the list, as the encoder would indent it there.
        // (a blank line, as in an empty array, stays blank).
        output.append(contentsOf: "    ".utf8)
        var afterNewline = false
        for byte in json {
            if afterNewline, byte != UInt8(ascii: "\n") { output.append(contentsOf: "    ".utf8) }
            output.append(byte)
            afterNewline = byte == UInt8(ascii: "\n")
        }
    }

    /// Whether the list is indented, as the command line prints it.
    private var indented: Bool { pieces.start.hasPrefix("{\n") }

    /// Where each mark is in `text`, in UTF-16 offsets (start, end), as the wire gives marks.
    private static func offsets(of marks: [Range<String.Index>], in text: String)
        -> [(start: Int, end: Int)]
    {
        marks.map { mark in
            let start = text.utf16.distance(from: text.startIndex, to: mark.lowerBound)
            return (start, start + text.utf16.distance(from: mark.lowerBound, to: mark.upperBound))
        }
    }

    /// An entry of a search's results: the wire type's members and `marks`.
    private struct MarkedEntryWire: Encodable {
        let entry: DiaryEntryWire
        let marks: [[Int]]?

        private enum CodingKeys: String, CodingKey { case marks }

        func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(marks, forKey: .marks)
        }
    }

    /// The end of the list, after the last entry.
    public func finish(to output: inout [UInt8]) {
        output.append(contentsOf: pieces.finish.utf8)
    }

    /// The end of a page the API gives, with `next`: the cursor of the page after it, or null
    /// on the last (`{"entries": […], "next": …}`, as `WireJSON` would write it).
    public func finish(next: String?, to output: inout [UInt8]) {
        output.append(contentsOf: (indented ? "\n  ],\n  \"next\" : " : "],\"next\":").utf8)
        if let next {
            JSONWriter.writeString(next, to: &output, shortControlEscapes: true)
        } else {
            output.append(contentsOf: "null".utf8)
        }
        output.append(contentsOf: (indented ? "\n}" : "}").utf8)
    }
}
