import CasebookWire
import Testing

@Suite("A diary entry's ETag")
struct DiaryEntryETagTests {
    @Test func aStarredEntrysTagIsMarkedAndNamesTheSameRevision() {
        #expect(DiaryEntryETag.text(revision: 7) == #""7""#)
        #expect(DiaryEntryETag.text(revision: 7, starred: true) == #""7-starred""#)
        #expect(DiaryEntryETag.revision(of: #""7""#) == 7)
        #expect(DiaryEntryETag.revision(of: #""7-starred""#) == 7)
    }

    @Test(arguments: [
        #"7"#, #""""#, #""-starred""#, #""7-starred-starred""#, #"W/"7""#, #""-7""#,
        #""7-Starred""#, #""99999999999999999999""#,
    ])
    func anyOtherTagNamesNoRevision(tag: String) {
        #expect(DiaryEntryETag.revision(of: tag) == nil)
    }
}
