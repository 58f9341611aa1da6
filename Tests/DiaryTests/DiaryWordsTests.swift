import DiaryCore
import Testing

@Suite("The words of an entry, as search reads them")
struct DiaryWordsTests {
    @Test func areRunsOfLettersAndDigitsFoldedToLowercaseWithoutAccents() {
        #expect(
            DiaryWords.searchText(of: "Café au lait, at 7:30 — with Zoë & ÅSA!")
                == "cafe au lait at 7 30 with zoe asa")
    }

    @Test func keepTheirPlacesInTheOriginalText() {
        let text = "Über-long walk"
        let words = DiaryWords.words(in: text)
        #expect(words.map { String(text[$0.range]) } == ["Über", "long", "walk"])
        #expect(words.map(\.folded) == ["uber", "long", "walk"])
    }

    @Test func aWordLongerThanAnyIndexKeepsIsLeftOut() {
        let long = String(repeating: "a", count: DiaryWords.longestWord + 1)
        let longest = String(repeating: "b", count: DiaryWords.longestWord)
        #expect(DiaryWords.searchText(of: "x \(long) \(longest) y") == "x \(longest) y")
    }

    @Test func aTextWithoutWordsHasNone() {
        #expect(DiaryWords.searchText(of: "… — !!") == "")
    }

    @Test func anAccentAloneIsNoWordButAnAccentedLetterIsOne() {
        #expect(DiaryWords.searchText(of: "\u{301} e\u{301}te\u{301} \u{301}\u{301}x") == "ete x")
        #expect(throws: DiarySearchError.noWords) { try DiarySearch("\u{301}") }
    }

    @Test(arguments: ["Plain ASCII, with 3 numbers: 1, 22 and 333.", "a_b-c'd\tE\r\nF", ""])
    func anASCIITextReadsAsAnyOtherText(text: String) {
        #expect(
            DiaryWords.searchText(of: text)
                == DiaryWords.words(in: text).map(\.folded).joined(separator: " "))
    }

    @Test(arguments: [
        "Zoë's crème brûlée", "e\u{301}te\u{301} à Paris", "日本語のテキスト、二〇二六年", "٣ أيام",
        "Straße — ÆØÅ ½ x²", "emoji 🍕 in👍 text",
    ])
    func theIndexedWordsAreTheWordsFoldedWhateverTheScript(text: String) {
        #expect(
            DiaryWords.searchText(of: text)
                == DiaryWords.words(in: text).map(\.folded).filter {
                    $0.count <= DiaryWords.longestWord
                }.joined(separator: " "))
    }

    @Test func onlyLettersAndDecimalDigitsMakeWordsAsEveryStoreReadsThem() {
        #expect(DiaryWords.searchText(of: "m² ½ ⓐ Ⅻ ① x") == "m x")
        let hindi = DiaryWords.searchText(of: "हिन्दी में")
        #expect(!hindi.isEmpty)
        #expect(
            hindi.unicodeScalars.allSatisfy {
                $0 == " " || $0.properties.generalCategory == .otherLetter
            }, "\(hindi.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Chinese and Japanese put no space between words, and Korean joins particles to them:
    /// each ideograph, kana and Hangul syllable is a word of its own, so that a search for
    /// several finds them side by side wherever they stand (as jrnl's search for a part of
    /// the text does).
    @Test func eachCJKCharacterIsAWordOfItsOwn() {
        #expect(DiaryWords.searchText(of: "今日の日記、ok") == "今 日 の 日 記 ok")
        #expect(DiaryWords.searchText(of: "カフェーへ行った") == "カ フ ェ ー へ 行 っ た")
        #expect(DiaryWords.searchText(of: "일기를 썼다") == "일 기 를 썼 다")
        #expect(DiaryWords.searchText(of: "abc日本xyz") == "abc 日 本 xyz")
    }

    /// An emoji is a word too, indexed as letters every store's tokenizer keeps (`emoji` and
    /// its scalar's number): a modifier or a joined emoji is one more word beside it.
    @Test func eachEmojiIsAWordSpelledInLettersEveryStoreKeeps() {
        #expect(
            DiaryWords.searchText(of: "Surf🌊 today 🌊!") == "surf emoji1f30a today emoji1f30a")
        #expect(DiaryWords.searchText(of: "👍🏽") == "emoji1f44d emoji1f3fd")
        #expect(DiaryWords.searchText(of: "♥\u{FE0F} 1 # *") == "emoji2665 1")
        let words = DiaryWords.words(in: "a 🌊 b")
        #expect(words.map(\.folded) == ["a", "emoji1f30a", "b"])
        #expect(words.map { String("a 🌊 b"[$0.range]) } == ["a", "🌊", "b"])
    }

    @Test func anEntrysIndexedWordsAreBounded() {
        let text = (0..<60_000).map { "word\($0)" }.joined(separator: " ")
        let indexed = DiaryWords.searchText(of: text)
        #expect(indexed.utf8.count <= DiaryWords.mostIndexedBytes)
        #expect(indexed.hasPrefix("word0 word1 "))
    }
}
