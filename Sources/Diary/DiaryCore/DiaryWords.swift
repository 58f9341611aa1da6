import Foundation

/// The words of a text as the diary's search reads them: runs of letters and digits, folded to
/// lowercase without accents (`Café` is `cafe`, `Straße` is `strasse`). Every store indexes
/// `searchText(of:)` and every search is folded the same way, so that SQLite, PostgreSQL and
/// the stores in memory find the same entries.
public enum DiaryWords {
    /// The longest word, in characters, that is indexed: a longer one is no word anyone
    /// searches for (PostgreSQL refuses to index words beyond 2,047 bytes).
    public static let longestWord = 100

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
        func endWord() {
            guard !word.isEmpty else { return }
            if isASCII {
                if word.count <= longestWord {
                    if !output.isEmpty { output.append(UInt8(ascii: " ")) }
                    output.append(contentsOf: word)
                }
            } else {
                let folded = fold(Substring(String(decoding: word, as: UTF8.self)))
                if folded.count <= longestWord {
                    if !output.isEmpty { output.append(UInt8(ascii: " ")) }
                    output.append(contentsOf: folded.utf8)
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
    static func indexedWords(of text: String) -> [Substring] {
        searchText(of: text).split(separator: " ")
    }

    /// Letters and digits of any script make words, with the marks that accent them (a mark
    /// continues a word and starts none); everything else parts them.
    static func isWordScalar(_ scalar: Unicode.Scalar, inWord: Bool) -> Bool {
        if scalar.isASCII {
            switch UInt8(scalar.value) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default: return false
            }
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return inWord
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    static func fold(_ word: Substring) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        return String(word).folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
