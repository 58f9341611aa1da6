import CasebookFileSystem
import Testing

/// A reply's bytes quoted in a message: its text up to a limit, cut between characters, or
/// what it is when it is not text; never U+FFFD in place of its bytes.
@Suite struct TextBytesTests {
    @Test(arguments: [
        (Array("plain words".utf8), 500, "plain words"),
        (Array("abcdef".utf8), 4, "abcd"),
        (Array("abcé".utf8), 4, "abc"),
        (Array("ab€x".utf8), 3, "ab"),
        (Array("ab€x".utf8), 4, "ab"),
        (Array("ab€x".utf8), 5, "ab€"),
        (Array("🍕🍕".utf8), 7, "🍕"),
        ([], 500, ""),
        ([0x61, 0xFF, 0x62], 500, "3 bytes that are not UTF-8 text (its byte 2 is 0xFF)"),
        ([0x61, 0x62, 0xC3], 500, "3 bytes that are not UTF-8 text (its byte 3 is 0xC3)"),
        (
            Array("abc".utf8) + [0x80] + Array(repeating: 0x61, count: 10), 6,
            "14 bytes that are not UTF-8 text (its byte 4 is 0x80)"
        ),
    ])
    func quotesTextUpToTheLimitBetweenCharacters(bytes: [UInt8], limit: Int, quoted: String) {
        #expect(TextBytes.quoted(bytes, upTo: limit) == quoted)
    }

    /// C0, DEL and C1 are control characters; the characters beside them are not.
    @Test(arguments: [
        ("a\u{0}b", "U+0000"), ("tab\t", "U+0009"), ("\u{1F}", "U+001F"), ("x\u{7F}", "U+007F"),
        ("\u{80}", "U+0080"), ("é\u{9F}", "U+009F"), (" ~\u{A0}é🍕", nil),
    ])
    func findsTheFirstControlCharacter(text: String, codePoint: String?) {
        #expect(TextBytes.firstControlCharacter(in: text).map(TextBytes.codePoint) == codePoint)
    }
}
