import Foundation

/// A search of the diary as a person types it: words, in any order, that an entry must all
/// have; `walk*` for any word that starts with `walk`; `"au lait"` for words side by side. Case
/// and accents do not matter (`cafe` finds `Café`): the words are folded as the entries' are
/// (`DiaryWords`).
public struct DiarySearch: Equatable, Sendable {
    /// Words an entry must have side by side, in this order; the last may be the start of a
    /// word. A single word is a phrase of one.
    public struct Phrase: Equatable, Sendable {
        public let words: [String]
        public let lastIsPrefix: Bool

        public init(words: [String], lastIsPrefix: Bool) {
            self.words = words
            self.lastIsPrefix = lastIsPrefix
        }
    }

    /// The most characters (Unicode scalars) a search takes.
    public static let longestQuery = 256
    /// The most words a search looks for.
    public static let mostWords = 16

    /// What was typed.
    public let text: String
    /// What an entry must have, every one of them.
    public let phrases: [Phrase]

    /// The search `text` asks for.
    /// - Throws: `DiarySearchError` when `text` is too long, has too many words or none, or
    ///   leaves a quote open.
    public init(_ text: String) throws(DiarySearchError) {
        guard text.unicodeScalars.count <= Self.longestQuery else {
            throw .tooLong(limit: Self.longestQuery)
        }
        var phrases: [Phrase] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            let chunk: Substring
            if rest.first == "\"" {
                let inside = rest.dropFirst()
                guard let end = inside.firstIndex(of: "\"") else { throw .unclosedQuote }
                chunk = inside[..<end]
                rest = inside[inside.index(after: end)...]
            } else {
                let end = rest.firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? rest.endIndex
                chunk = rest[..<end]
                rest = rest[end...]
            }
            let isPrefix = rest.first == "*" || chunk.last == "*"
            if rest.first == "*" { rest = rest.dropFirst() }
            let words = DiaryWords.words(in: String(chunk)).map(\.folded)
            if !words.isEmpty { phrases.append(Phrase(words: words, lastIsPrefix: isPrefix)) }
        }
        guard !phrases.isEmpty else { throw .noWords }
        guard phrases.reduce(0, { $0 + $1.words.count }) <= Self.mostWords else {
            throw .tooManyWords(limit: Self.mostWords)
        }
        self.text = text
        self.phrases = phrases
    }

    /// Whether an entry with `text` is one this search finds.
    public func matches(_ text: String) -> Bool {
        let words = DiaryWords.indexedWords(of: text)
        return phrases.allSatisfy { phrase in
            let count = phrase.words.count
            guard words.count >= count else { return false }
            return (0...(words.count - count)).contains { start in
                phrase.words.indices.allSatisfy { offset in
                    let word = words[start + offset]
                    return offset == count - 1 && phrase.lastIsPrefix
                        ? word.hasPrefix(phrase.words[offset]) : word == phrase.words[offset]
                }
            }
        }
    }

    /// Where `text` has the words this search looks for, in order: what a result shows marked.
    public func marks(in text: String) -> [Range<String.Index>] {
        let exact = Set(phrases.flatMap { $0.lastIsPrefix ? $0.words.dropLast() : $0.words[...] })
        let prefixes = phrases.filter(\.lastIsPrefix).compactMap(\.words.last)
        return DiaryWords.words(in: text).filter { word in
            exact.contains(word.folded) || prefixes.contains { word.folded.hasPrefix($0) }
        }.map(\.range)
    }

    /// A piece of a text to show for it in a list of results, and where in it the words found
    /// are.
    public struct Excerpt: Equatable, Sendable {
        public let text: String
        /// Ranges of `text`.
        public let marks: [Range<String.Index>]
    }

    /// About `length` characters of `text` that show the first word found: the start of the
    /// text when that word is in it (as `Entry.preview` cuts it), otherwise from a few words
    /// before that word, with "…" where the text was cut.
    public func excerpt(of text: String, length: Int = Entry.previewLength) -> Excerpt {
        guard let first = marks(in: text).first,
            text.index(first.upperBound, offsetBy: -length - 1, limitedBy: text.startIndex) != nil
        else {
            let preview = Entry.preview(of: text)
            return Excerpt(text: preview, marks: marks(in: preview))
        }
        // A few words of what leads up to it, from the start of a word.
        let lead =
            text.index(first.lowerBound, offsetBy: -24, limitedBy: text.startIndex)
            ?? text.startIndex
        let start =
            text[lead..<first.lowerBound].firstIndex(where: \.isWhitespace)
            .map { text.index(after: $0) } ?? first.lowerBound
        let end = text.index(start, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
        let cut = "…" + text[start..<end] + (end < text.endIndex ? "…" : "")
        return Excerpt(text: cut, marks: marks(in: cut))
    }
}
