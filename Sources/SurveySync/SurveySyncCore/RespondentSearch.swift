import CasebookWords

/// A search of the respondents: words (letters and digits, case and accents ignored) that must
/// each begin a word of a respondent's values (`ada oka` finds `Ada Okafor`), as every store
/// reads it. A respondent's words are those of its values (`id` included, field names not),
/// folded as the diary's search folds an entry's (`SearchWords`).
public struct RespondentSearch: Equatable, Sendable {
    /// The most words a search takes; the words beyond are refused.
    public static let mostWords = 16

    /// The search's words, folded, in order.
    public let words: [String]

    /// Why a search's text is no search.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The search `text` asks for; nil when it holds no word at all.
    public init?(_ text: String) throws(Refusal) {
        let words = SearchWords.words(in: text).map(\.folded)
        guard !words.isEmpty else { return nil }
        guard words.count <= Self.mostWords else {
            throw Refusal(description: "a search is at most \(Self.mostWords) words")
        }
        self.words = words.map { String($0.prefix(SearchWords.longestWord)) }
    }

    /// The words a store indexes for `respondent`: its values' words, folded.
    public static func searchText(of respondent: Respondent) -> String {
        let cells = RespondentExport.cells(of: respondent.fields)
        return SearchWords.searchText(
            of: cells.keys.sorted().map { cells[$0]! }.joined(separator: " "))
    }

    /// Whether a respondent whose indexed words are `searchText` is found.
    public func matches(searchText: String) -> Bool {
        let indexed = searchText.split(separator: " ")
        // By scalars, as the stores' indexes compare: `ท` begins `ทำงาน`.
        return words.allSatisfy { word in
            indexed.contains { $0.unicodeScalars.starts(with: word.unicodeScalars) }
        }
    }

    /// The search as SQLite's FTS5 reads it: each word a prefix (`"ada"* "oka"*`).
    public var fullTextQuery: String {
        words.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// The search as a PostgreSQL `tsquery` literal (`'ada':* & 'oka':*`): each word a lexeme
    /// as it is, not split again by PostgreSQL's parser (which reads `3e5cafe` as two).
    public var textSearchQuery: String {
        words.map { "'\($0)':*" }.joined(separator: " & ")
    }
}
