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
        var start: String.Index?
        var index = text.startIndex
        while index != text.endIndex {
            let next = text.index(after: index)
            if isWordCharacter(text[index]) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(Word(range: first..<index, folded: fold(text[first..<index])))
                start = nil
            }
            index = next
        }
        if let first = start {
            words.append(Word(range: first..<text.endIndex, folded: fold(text[first...])))
        }
        return words
    }

    /// The words a store indexes for `text`, folded, each at most `longestWord` characters,
    /// separated by one space.
    public static func searchText(of text: String) -> String {
        if let ascii = asciiSearchText(of: text) { return ascii }
        return words(in: text).lazy.map(\.folded).filter { $0.count <= longestWord }
            .joined(separator: " ")
    }

    /// The indexed words of `text`, in order.
    static func indexedWords(of text: String) -> [Substring] {
        searchText(of: text).split(separator: " ")
    }

    /// Letters and digits of any script make words; everything else parts them.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    static func fold(_ word: Substring) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        return String(word).folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `searchText(of:)` of an ASCII text, read byte by byte: what most entries are, and what
    /// an import of a hundred thousand entries indexes.
    private static func asciiSearchText(of text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var word: [UInt8] = []
        func endWord() {
            if !word.isEmpty, word.count <= longestWord {
                if !output.isEmpty { output.append(UInt8(ascii: " ")) }
                output.append(contentsOf: word)
            }
            word.removeAll(keepingCapacity: true)
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            default: endWord()
            }
        }
        endWord()
        return String(decoding: output, as: UTF8.self)
    }
}
