import Foundation

/// The words of a text as Casebook's searches read them (a diary's entries, the survey's
/// respondents): runs of letters and digits, folded to lowercase without accents (`Café` is
/// `cafe`, `Straße` is `strasse`); each CJK character and each emoji a word of its own
/// (`standsAlone(_:)`). Every store indexes `searchText(of:)` and every search is
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
            let next = scalars.index(after: index)
            if isWordScalar(scalars[index], inWord: start != nil) {
                if start == nil { start = index }
            } else {
                if let first = start {
                    words.append(Word(range: first..<index, folded: fold(text[first..<index])))
                    start = nil
                }
                if let word = standsAlone(scalars[index]) {
                    words.append(Word(range: index..<next, folded: word))
                }
            }
            index = next
        }
        if let first = start {
            words.append(Word(range: first..<text.endIndex, folded: fold(text[first...])))
        }
        return words
    }

    /// The words a store indexes for `text`, folded, each at most `longestWord` characters,
    /// separated by one space. Read byte by byte from the text's UTF-8, an ASCII word
    /// lowercased as it is copied, without Foundation: what an import of a hundred thousand
    /// entries indexes. The reading stops once no word fits in `mostIndexedBytes`.
    public static func searchText(of text: String) -> String {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(searchText(ofUTF8:))!
    }

    private static func searchText(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(min(bytes.count, mostIndexedBytes))
        // Where the word being read starts, and whether it is ASCII so far.
        var wordStart: Int?
        var isASCII = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let isWord =
                length == 1
                ? isWordByte(byte)
                : isWordScalar(
                    decodedScalar(bytes, at: index, length: length), inWord: wordStart != nil)
            if isWord {
                if wordStart == nil { wordStart = index }
                if length > 1 { isASCII = false }
            } else {
                if let start = wordStart {
                    append(
                        UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII, to: &output)
                    wordStart = nil
                    isASCII = true
                }
                if length > 1,
                    let word = standsAlone(decodedScalar(bytes, at: index, length: length))
                {
                    append(folded: word, to: &output)
                }
                // No word fits after the last space.
                if output.count + 2 > mostIndexedBytes { break }
            }
            index += length
        }
        if let start = wordStart, index == bytes.count {
            append(UnsafeBufferPointer(rebasing: bytes[start...]), isASCII, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `word` folded after a space, when it is short enough and fits.
    private static func append(
        _ word: UnsafeBufferPointer<UInt8>, _ isASCII: Bool, to output: inout [UInt8]
    ) {
        guard isASCII else {
            append(folded: fold(Substring(String(decoding: word, as: UTF8.self))), to: &output)
            return
        }
        guard word.count <= longestWord, output.count + 1 + word.count <= mostIndexedBytes
        else { return }
        if !output.isEmpty { output.append(UInt8(ascii: " ")) }
        for byte in word {
            output.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
        }
    }

    /// Appends `folded` after a space, when it is short enough and fits.
    private static func append(folded: String, to output: inout [UInt8]) {
        guard folded.count <= longestWord, folded.utf8.count <= longestWordBytes,
            output.count + 1 + folded.utf8.count <= mostIndexedBytes
        else { return }
        if !output.isEmpty { output.append(UInt8(ascii: " ")) }
        output.append(contentsOf: folded.utf8)
    }

    /// The word `scalar` is on its own, or nil when it is none: a Chinese or Japanese
    /// ideograph, a kana or a Hangul syllable (these scripts put no space between words, or
    /// join particles to them, so each character is searched for as a word, and several side
    /// by side as a phrase: a part of the text, as jrnl finds it), folded; an emoji, as
    /// `emoji` and its number in hexadecimal (`🌊` is `emoji1f30a`), letters that every
    /// store's tokenizer keeps, whichever its locale.
    public static func standsAlone(_ scalar: Unicode.Scalar) -> String? {
        guard scalar.value >= 0x2000 else { return nil }
        let properties = scalar.properties
        if properties.isIdeographic || isKanaOrHangul(scalar, properties.generalCategory) {
            return fold(Substring(String(scalar)))
        }
        if properties.isEmoji {
            return "emoji" + String(scalar.value, radix: 16)
        }
        return nil
    }

    /// A letter of the kana or Hangul blocks (not their punctuation: `・`, `゛`).
    private static func isKanaOrHangul(
        _ scalar: Unicode.Scalar, _ category: Unicode.GeneralCategory
    ) -> Bool {
        switch category {
        case .otherLetter, .modifierLetter: break
        default: return false
        }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // hiragana, katakana
            0x3130...0x318F, 0xAC00...0xD7A3:  // Hangul jamo, syllables
            return true
        default: return false
        }
    }

    /// An ASCII letter or digit.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26
            || byte &- UInt8(ascii: "0") < 10
    }

    /// The scalar of `length` bytes of valid UTF-8 at `index` (a String's own).
    private static func decodedScalar(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int
    ) -> Unicode.Scalar {
        var value = UInt32(bytes[index]) & (0x7F >> length)
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return Unicode.Scalar(value)!
    }

    /// The indexed words of `text`, in order.
    public static func indexedWords(of text: String) -> [Substring] {
        searchText(of: text).split(separator: " ")
    }

    /// Letters and decimal digits of any script make words, with the nonspacing marks that
    /// accent them (a mark continues a word and starts none); everything else parts them, and
    /// so does a character that is a word on its own (`standsAlone(_:)`).
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
            return standsAlone(scalar) == nil
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
