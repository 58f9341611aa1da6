import CasebookWords
import Testing

@Suite("The words a search indexes, by their bytes")
struct SearchWordsBytesTests {
    /// A word of few characters can hold many bytes (a character may be a long run of
    /// scalars): a word past `longestWordBytes` is left out in every store, as PostgreSQL
    /// would leave out one of more than 2,047 bytes, never kept by some stores only.
    @Test func aWordOfFewCharactersButManyBytesIsLeftOut() {
        // One character: a Hangul leading jamo followed by 400 more of them.
        let heavy = String(repeating: "\u{1100}", count: 401)
        #expect(heavy.count < SearchWords.longestWord)
        #expect(heavy.utf8.count > SearchWords.longestWordBytes)
        #expect(SearchWords.searchText(of: "x \(heavy) y") == "x y")
    }
}
