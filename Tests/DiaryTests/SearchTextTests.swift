import CasebookTestSupport
import CasebookWords
import Testing

@Suite("The indexed words of a text, as every store indexes them")
struct SearchTextTests {
    /// What `searchText(of:)` gives, from the words folded one by one: those of at most
    /// `longestWord` characters and `longestWordBytes` bytes, each kept while it fits in
    /// `mostIndexedBytes` with the space before it.
    static func expected(_ text: String) -> String {
        var kept: [String] = []
        var bytes = 0
        for word in SearchWords.words(in: text).map(\.folded)
        where word.count <= SearchWords.longestWord
            && word.utf8.count <= SearchWords.longestWordBytes
        {
            guard bytes + 1 + word.utf8.count <= SearchWords.mostIndexedBytes else { continue }
            bytes += (kept.isEmpty ? 0 : 1) + word.utf8.count
            kept.append(word)
        }
        return kept.joined(separator: " ")
    }

    @Test func anASCIIWordPastTheLongestIsLeftOutEvenWhenAccentedLettersEndIt() {
        let long = String(repeating: "a", count: SearchWords.longestWord + 1)
        #expect(SearchWords.searchText(of: "x \(long)\u{301}é y") == "x y")
        #expect(SearchWords.searchText(of: "x \(long)ж y") == "x y")
        // A CJK character is a word of its own: it ends the long word, and stays.
        #expect(SearchWords.searchText(of: "x \(long)日 y") == "x 日 y")
    }

    @Test func aLetterUnderManyAccentsIsAShortWord() {
        let accented = "E" + String(repeating: "\u{301}", count: 600)
        #expect(accented.utf8.count > SearchWords.longestWordBytes)
        #expect(SearchWords.searchText(of: "x \(accented) y") == "x e y")
    }

    @Test func theLastWordsKeptAreThoseThatStillFit() {
        // 26,214 words of nine letters take 262,139 bytes with their spaces: five are left.
        let filler = Array(repeating: "abcdefghi", count: 26_214).joined(separator: " ")
        let indexed = SearchWords.searchText(of: filler + " longer Four z")
        #expect(indexed.utf8.count == SearchWords.mostIndexedBytes)
        #expect(indexed.hasSuffix("abcdefghi four"))
    }

    @Test func aTextOfOneHugeWordHasNone() {
        #expect(SearchWords.searchText(of: String(repeating: "x", count: 900 * 1024)) == "")
        #expect(SearchWords.searchText(of: String(repeating: "é", count: 300 * 1024)) == "")
    }

    @Test func randomTextsGiveTheWordsFoldedOneByOne() {
        let pieces = [
            "a", "Z", "q", "7", "0", " ", " ", "-", ".", "\n", "é", "E\u{301}", "\u{301}", "ß",
            "日本", "🍕", "Ⅻ", "ท", "\u{0E33}", "Ǆ", "İ", "\u{1100}", "\u{FFFD}", "\u{0}",
            // Letters of four bytes (one that lowercases), marks of three and four.
            "𐐀", "𠀀", "\u{094D}", "\u{1D167}",
        ]
        var generator = SplitMix64(seed: 20_261_127)
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int(generator.next() % 300) {
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                // Now and then a long run, past the longest word in characters or bytes.
                let run = generator.next() % 40 == 0 ? 60 + Int(generator.next() % 200) : 1
                text += String(repeating: piece, count: run)
            }
            #expect(
                SearchWords.searchText(of: text) == Self.expected(text), "\(text.debugDescription)")
        }
    }

    @Test func aTextBeyondTheBudgetGivesTheWordsFoldedOneByOne() {
        let text = (0..<40_000).map { $0 % 7 == 0 ? "Zoë\($0)" : "w\($0)" }.joined(separator: " ")
        #expect(SearchWords.searchText(of: text) == Self.expected(text))
    }
}
