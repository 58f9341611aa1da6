import DiaryCore
import Foundation
import Testing

@Suite("The diary written out as Markdown or as jrnl's journal")
struct DiaryTextExportTests {
    let utc = TimeZone(identifier: "UTC")!
    let entries = [
        Entry(date: Date(timeIntervalSince1970: 1_772_357_400), text: "Walked.\nThen soup."),
        Entry(date: Date(timeIntervalSince1970: 1_772_485_500), text: "Rain."),
    ]

    @Test func markdownHasAHeadingPerEntryOldestFirst() {
        #expect(
            DiaryTextExport.markdown(entries, zone: utc)
                == "# Diary\n\n## 2026-03-01 09:30\n\nWalked.\nThen soup.\n\n## 2026-03-02 21:05\n\nRain.\n"
        )
    }

    @Test func jrnlStartsEachEntryWithItsMinuteAndReadsBackTheSame() throws {
        let text = DiaryTextExport.jrnl(entries, zone: utc)
        #expect(text == "[2026-03-01 09:30] Walked.\nThen soup.\n\n[2026-03-02 21:05] Rain.\n")
        let read = try JrnlJournal.entries(in: text, zone: utc)
        #expect(read.map(\.text) == entries.map(\.text))
        #expect(read.map(\.date) == entries.map(\.date))
    }
}
