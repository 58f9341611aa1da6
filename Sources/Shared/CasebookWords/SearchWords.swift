import Foundation

/// The words of a text as Casebook's searches read them (a diary's entries, the survey's
/// respondents): runs of letters and digits, folded to lowercase without accents (`Café` is
/// `cafe`, `Straße` is `strasse`). Every store indexes `searchText(of:)` and every search is
/// folded the same way, so that SQLite, PostgreSQL and the stores in memory find the same.
public enum SearchWords {
    /// The longest word, in characters, that is indexed: a longer one is no word anyone
    /// searches for (PostgreSQL refuses to index words beyond 2,047 bytes).
    public static let longestWord = 100
    /// The most bytes of UTF-8 an indexed word may hold: a character may be a long run of
    /// scalars, and PostgreSQL leaves out a word of more than 2,047 bytes, so every store
    /// leaves out one of more than this.
    public static let longestWordBytes = 1_024
    /// The most bytes of words indexed for one entry: the words beyond are not indexed, in any
    /// store (PostgreSQL refuses a `tsvector` of more than a megabyte, and folding can double
    /// a text's bytes: `և` is `եւ`).
    public static let mostIndexedBytes = 256 * 1024

    /// A word of a text: where it is, and how search reads it.
    public struct Word: Equatable, Sendable {
        public let range: Range<String.Index>
        public let folded: String
    }

    /// Every word of `text`, in order.
    public static func words(in text: String) -> [Word] {
        var words: [Word] = []
        let scalars = text.unicodeScalars
        var start: String.Index?
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if isWordScalar(scalars[index], inWord: start != nil) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(Word(range: first..<index, folded: fold(text[first..<index])))
                start = nil
            }
            index = scalars.index(after: index)
        }
        if let first = start {
            words.append(Word(range: first..<text.endIndex, folded: fold(text[first...])))
        }
        return words
    }

    /// The words a store indexes for `text`, folded, each at most `longestWord` characters,
    /// separated by one space. Read scalar by scalar, an ASCII word folded without Foundation:
    /// what an import of a hundred thousand entries indexes.
    public static func searchText(of text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        // The word's UTF-8, ASCII letters already lowercase.
        var word: [UInt8] = []
        var isASCII = true
        func append(_ folded: some Collection<UInt8>) {
            guard output.count + 1 + folded.count <= mostIndexedBytes else { return }
            if !output.isEmpty { output.append(UInt8(ascii: " ")) }
            output.append(contentsOf: folded)
        }
        func endWord() {
            guard !word.isEmpty else { return }
            if isASCII {
                if word.count <= longestWord { append(word) }
            } else {
                let folded = fold(Substring(String(decoding: word, as: UTF8.self)))
                if folded.count <= longestWord, folded.utf8.count <= longestWordBytes {
                    append(folded.utf8)
                }
            }
            word.removeAll(keepingCapacity: true)
            isASCII = true
        }
        for scalar in text.unicodeScalars {
            guard isWordScalar(scalar, inWord: !word.isEmpty) else {
                endWord()
                continue
            }
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                word.append(
                    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
            } else {
                isASCII = false
                UTF8.encode(scalar) { word.append($0) }
            }
        }
        endWord()
        return String(decoding: output, as: UTF8.self)
    }

    /// The indexed words of `text`, in order.
    public static func indexedWords(of text: String) -> [Substring] {
        searchText(of: text).split(separator: " ")
    }

    /// Letters and decimal digits of any script make words, with the nonspacing marks that
    /// accent them (a mark continues a word and starts none); everything else parts them.
    public static func isWordScalar(_ scalar: Unicode.Scalar, inWord: Bool) -> Bool {
        if scalar.isASCII {
            switch UInt8(scalar.value) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default: return false
            }
        }
        // Only what SQLite's unicode61 and PostgreSQL's parser (in any locale) also read as
        // part of a word: letters and decimal digits, and the nonspacing marks that accent
        // them. Spacing marks, circled letters, fractions and superscripts part words.
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber:
            return true
        case .nonspacingMark: return inWord
        default: return false
        }
    }

    /// `word` lowercase without accents; marks folding leaves (in scripts other than Latin's)
    /// are dropped too, as the stores' tokenizers would part the word at them.
    public static func fold(_ word: Substring) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        var folded = String(word).folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        if folded.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .nonspacingMark
        }) {
            folded.unicodeScalars.removeAll { $0.properties.generalCategory == .nonspacingMark }
        }
        return folded
    }
}
