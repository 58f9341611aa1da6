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
}
