/// Why a search cannot be made of what was typed.
public enum DiarySearchError: Error, Equatable, CustomStringConvertible {
    /// Nothing typed is a word: only spaces or punctuation.
    case noWords
    /// A `"` opens a phrase that nothing closes.
    case unclosedQuote
    /// More characters than a search takes.
    case tooLong(limit: Int)
    /// More words than a search looks for.
    case tooManyWords(limit: Int)

    public var description: String {
        switch self {
        case .noWords: "a search needs a word to look for"
        case .unclosedQuote: "a search has a \" without its closing \""
        case .tooLong(let limit): "a search is at most \(limit) characters"
        case .tooManyWords(let limit): "a search looks for at most \(limit) words"
        }
    }
}
