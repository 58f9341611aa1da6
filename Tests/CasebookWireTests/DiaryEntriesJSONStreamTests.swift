import CasebookWire
import DiaryCore
import Foundation
import Testing

/// The streamed list is byte for byte what the JSON encoder makes of the whole list.
@Suite struct DiaryEntriesJSONStreamTests {
    private static func streamed(_ entries: [Entry], indented: Bool = true) -> String {
        var stream = DiaryEntriesJSONStream(indented: indented)
        var output: [UInt8] = []
        stream.start(to: &output)
        for entry in entries { stream.write(entry, to: &output) }
        stream.finish(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static let texts = [
        "", "plain", "\"", "\\", "ends with a quote\"", "\\starts with a backslash",
        String((1..<0x20).map { Character(Unicode.Scalar($0)!) }), "a\u{7F}b é🍕\u{2028}/k",
        "x\"y\\z\nw\tv\u{1}", String(repeating: "long text, ", count: 500),
    ]

    @Test(arguments: [0, 1, 3, texts.count])
    func writesWhatTheEncoderWrites(count: Int) {
        var random = SystemRandomNumberGenerator()
        let entries = Self.texts.prefix(count).map { text in
            Entry(
                date: Date(
                    timeIntervalSinceReferenceDate: Double.random(
                        in: -1e9...1e9, using: &random)),
                text: text)
        }
        let encoded = String(
            decoding: WireJSON.encode(DiaryEntriesWire(entries), indented: true), as: UTF8.self)
        #expect(Self.streamed(entries) == encoded)
        let compact = String(decoding: WireJSON.encode(DiaryEntriesWire(entries)), as: UTF8.self)
        #expect(Self.streamed(entries, indented: false) == compact)
        #expect(DiaryEntriesJSONStream.encode(entries, indented: false) == Array(compact.utf8))
    }

    @Test func isIndentedUnlessAsked() {
        var stream = DiaryEntriesJSONStream()
        var output: [UInt8] = []
        stream.start(to: &output)
        stream.finish(to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "{\n  \"entries\" : [\n\n  ]\n}")
    }

    /// A starred entry of an export, and a search's result with its marks, are what the
    /// encoder writes of the same fields, indented or not.
    @Test func starsAndMarksAreWhatTheEncoderWrites() throws {
        let entry = Entry(date: Date(timeIntervalSince1970: 1_000), text: "☕ Café au lait")
        let marks = try DiarySearch("cafe lait").marks(in: entry.text)
        struct Marked: Encodable {
            let date: String
            let id: String
            let marks: [[Int]]
            let starred: Bool?
            let text: String
        }
        for starred in [false, true] {
            for indented in [false, true] {
                var stream = DiaryEntriesJSONStream(indented: indented)
                var output: [UInt8] = []
                stream.start(to: &output)
                stream.write(entry, starred: starred, marks: marks, to: &output)
                stream.finish(to: &output)
                let wire = DiaryEntryWire(entry)
                let expected = WireJSON.encode(
                    [
                        "entries": [
                            Marked(
                                date: wire.date, id: wire.id, marks: [[2, 6], [10, 14]],
                                starred: starred ? true : nil, text: entry.text)
                        ]
                    ], indented: indented)
                #expect(
                    String(decoding: output, as: UTF8.self)
                        == String(decoding: expected, as: UTF8.self))
            }
        }
    }
}

/// An entry whose content has more than a text is written through the wire type: for an entry
/// of text alone the two ways give the same bytes, starred or not, with marks or not, indented
/// or not, so that the way a later field takes is held to the one measured above.
@Suite struct DiaryEntriesJSONStreamWholeEntryTests {
    private static func streamed(
        _ entries: [Entry], indented: Bool, whole: Bool, starred: Bool, marks: Bool
    ) throws -> [UInt8] {
        var stream = DiaryEntriesJSONStream(indented: indented)
        stream.writesEveryEntryWhole = whole
        let search = try DiarySearch("cafe lait")
        var output: [UInt8] = []
        stream.start(to: &output)
        for entry in entries {
            stream.write(
                entry, starred: starred, marks: marks ? search.marks(in: entry.text) : nil,
                to: &output)
        }
        stream.finish(to: &output)
        return output
    }

    @Test(arguments: [true, false], [true, false])
    func writesWhatTheHandLaidWayWrites(indented: Bool, starred: Bool) throws {
        let entries = [
            Entry(date: Date(timeIntervalSince1970: 1_000), text: "☕ Café au lait\n\"x\"\u{8}"),
            Entry(date: Date(timeIntervalSince1970: -5), text: "no match"),
        ]
        for marks in [true, false] {
            let whole = try Self.streamed(
                entries, indented: indented, whole: true, starred: starred, marks: marks)
            let laid = try Self.streamed(
                entries, indented: indented, whole: false, starred: starred, marks: marks)
            #expect(String(decoding: whole, as: UTF8.self) == String(decoding: laid, as: UTF8.self))
        }
    }
}
