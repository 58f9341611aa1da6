import DiaryCore
import Foundation
import Testing

@Suite("A search of the diary, as typed")
struct DiarySearchTests {
    @Test func takesWordsPrefixesAndQuotedPhrasesFoldedAsTheEntriesAre() throws {
        let search = try DiarySearch("Walk*  \"Café au lait\" ZOË")
        #expect(
            search.phrases == [
                .init(words: ["walk"], lastIsPrefix: true),
                .init(words: ["cafe", "au", "lait"], lastIsPrefix: false),
                .init(words: ["zoe"], lastIsPrefix: false),
            ])
    }

    @Test func aWordOfSeveralPartsIsAPhrase() throws {
        #expect(
            try DiarySearch("well-known").phrases == [
                .init(words: ["well", "known"], lastIsPrefix: false)
            ])
    }

    @Test func matchesEveryPhraseInAnyOrderIgnoringCaseAndAccents() throws {
        let search = try DiarySearch("cafe walk*")
        #expect(search.matches("A long WALKING tour, then the Café."))
        #expect(!search.matches("A long walking tour."))
        #expect(!search.matches("Café, no stroll"))
    }

    @Test func aPhraseMatchesOnlyItsWordsSideBySideInOrder() throws {
        let search = try DiarySearch("\"au lait\"")
        #expect(search.matches("Café au lait"))
        #expect(!search.matches("lait au café"))
        #expect(!search.matches("au chocolat, lait"))
        #expect(try DiarySearch("\"cafe au l\"*").matches("café au lait"))
    }

    @Test func marksTheWordsItFoundInTheText() throws {
        let text = "Walked to the Café; walking home."
        let marks = try DiarySearch("walk* cafe").marks(in: text)
        #expect(marks.map { String(text[$0]) } == ["Walked", "Café", "walking"])
    }

    @Test(arguments: [
        ("", DiarySearchError.noWords),
        ("  !!  ", .noWords),
        ("\"unclosed phrase", .unclosedQuote),
        (String(repeating: "a ", count: 300), .tooLong(limit: DiarySearch.longestQuery)),
        (
            (1...17).map { "w\($0)" }.joined(separator: " "),
            .tooManyWords(limit: DiarySearch.mostWords)
        ),
    ])
    func refusesWhatItCannotSearchFor(text: String, error: DiarySearchError) {
        #expect(throws: error) { try DiarySearch(text) }
    }

    @Test func saysWhatIsWrongInWords() {
        #expect(
            DiarySearchError.unclosedQuote.description == "a search has a \" without its closing \""
        )
        #expect(DiarySearchError.noWords.description == "a search needs a word to look for")
    }

    @Test func anExcerptStartsAtTheTextWhenTheFirstWordFoundIsInItsFirstCharacters() throws {
        let text = "A walk to the café, " + String(repeating: "and on ", count: 20)
        let excerpt = try DiarySearch("cafe").excerpt(of: text)
        #expect(excerpt.text == Entry(date: Date(), text: text).preview)
        #expect(excerpt.marks.map { String(excerpt.text[$0]) } == ["café"])
    }

    @Test func anExcerptShowsTheWordsAroundAWordFoundFurtherOn() throws {
        let text = String(repeating: "nothing here ", count: 20) + "then the Café at last, and home"
        let excerpt = try DiarySearch("cafe").excerpt(of: text)
        #expect(excerpt.text.hasPrefix("…"))
        #expect(excerpt.text.count <= Entry.previewLength + 2)
        #expect(excerpt.marks.map { String(excerpt.text[$0]) } == ["Café"])
        #expect(excerpt.text.contains("then the Café at last"))
    }

    @Test func anExcerptOfATextWithoutTheWordsIsItsPreview() throws {
        let text = String(repeating: "x ", count: 100)
        let excerpt = try DiarySearch("cafe").excerpt(of: text)
        #expect(excerpt.text == Entry(date: Date(), text: text).preview)
        #expect(excerpt.marks.isEmpty)
    }
}
