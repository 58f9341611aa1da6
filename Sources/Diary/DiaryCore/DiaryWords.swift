import CasebookWords

/// The words of a text as the diary's search reads them: `SearchWords`, which the survey's
/// search reads too. Runs of letters and digits, folded to lowercase without accents (`Café`
/// is `cafe`, `Straße` is `strasse`); every store indexes `searchText(of:)`.
public enum DiaryWords {
    /// The longest word, in characters, that is indexed.
    public static let longestWord = SearchWords.longestWord
    /// The most bytes of words indexed for one entry.
    public static let mostIndexedBytes = SearchWords.mostIndexedBytes

    /// A word of a text: where it is, and how search reads it.
    public typealias Word = SearchWords.Word

    /// Every word of `text`, in order.
    public static func words(in text: String) -> [Word] {
        SearchWords.words(in: text)
    }

    /// The words a store indexes for `text`, folded, separated by one space.
    public static func searchText(of text: String) -> String {
        SearchWords.searchText(of: text)
    }

    /// The indexed words of `text`, in order.
    static func indexedWords(of text: String) -> [Substring] {
        SearchWords.indexedWords(of: text)
    }
}
