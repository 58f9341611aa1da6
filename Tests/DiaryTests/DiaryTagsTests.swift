import DiaryCore
import Foundation
import Testing

@Suite("The tags of an entry, written in its text")
struct DiaryTagsTests {
    @Test func areTheWordsAfterAHashEachOnceLowercaseInTheOrderWritten() {
        #expect(
            DiaryTags.tags(in: "#Walk to the sea (#sea-side, #long_walk). #walk again #Café")
                == ["walk", "sea-side", "long_walk", "café"])
    }

    @Test func aHashInsideAWordOrWithoutAWordAfterItIsNoTag() {
        #expect(DiaryTags.tags(in: "C# and F#, issue#12, # alone, ## and #-dash") == [])
    }

    @Test func aTagLongerThanTheLongestIsNoTagAndThereAreAtMostSoMany() {
        let long = "#" + String(repeating: "a", count: DiaryTags.longestTag + 1)
        #expect(DiaryTags.tags(in: long).isEmpty)
        let many = (0..<(DiaryTags.mostTags + 5)).map { "#t\($0)" }.joined(separator: " ")
        #expect(DiaryTags.tags(in: many).count == DiaryTags.mostTags)
    }

    @Test func aQueryOfTagsListsTheEntriesWithEveryOne() {
        let query = DiaryQuery(tags: ["walk", "Sea"])
        #expect(query.tags == ["walk", "sea"])
        #expect(query.matches(Entry(date: Date(), text: "#sea and a #WALK")))
        #expect(!query.matches(Entry(date: Date(), text: "#walk by the sea")))
    }

    @Test(arguments: ["", "two words", "#hash", String(repeating: "a", count: 65), "a.b"])
    func aTagAskedForThatCannotBeATagIsRefused(tag: String) {
        #expect(throws: DiaryQueryError.tag(tag)) {
            try DiaryQuery(
                search: nil, from: nil, to: nil, tags: [tag],
                today: DiaryDay(year: 2026, month: 1, day: 1), zone: .gmt)
        }
    }

    @Test func aQueryAsksForAtMostSoManyTags() {
        let tags = (0...DiaryQuery.mostTags).map { "t\($0)" }
        #expect(throws: DiaryQueryError.tooManyTags(limit: DiaryQuery.mostTags)) {
            try DiaryQuery(
                search: nil, from: nil, to: nil, tags: tags,
                today: DiaryDay(year: 2026, month: 1, day: 1), zone: .gmt)
        }
    }

    @Test func aTagIsTheSameWhicheverWayItsAccentsAreTyped() {
        #expect(DiaryTags.tags(in: "#Cafe\u{301} #café") == ["café"])
        #expect(DiaryTags.tag("CAFE\u{301}") == "café")
        #expect(DiaryTags.tag("café")?.unicodeScalars.count == 4)
    }

    @Test func everyTagListedCanBeAskedFor() {
        for text in [
            "#" + String(repeating: "e\u{301}", count: 40), "#" + String(repeating: "İ", count: 40),
        ] {
            for tag in DiaryTags.tags(in: text) { #expect(DiaryTags.tag(tag) == tag) }
        }
    }
}
