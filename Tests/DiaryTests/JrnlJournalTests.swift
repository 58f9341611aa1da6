import DiaryCore
import Foundation
import Testing

@Suite("A jrnl journal, as jrnl writes it")
struct JrnlJournalTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func eachEntryStartsWithItsMinuteInBracketsAndRunsToTheNext() throws {
        let text = """
            [2026-03-01 09:30] Walked to the harbour.
            The boats were out.

            [2026-03-02 21:05] A quiet evening. #home

            """
        let entries = try JrnlJournal.entries(in: text, zone: utc)
        #expect(
            entries.map(\.text) == [
                "Walked to the harbour.\nThe boats were out.", "A quiet evening. #home",
            ])
        #expect(
            entries.map(\.date) == [
                Date(timeIntervalSince1970: 1_772_357_400),
                Date(timeIntervalSince1970: 1_772_485_500),
            ])
    }

    @Test func anEntryHasTheSameIdEveryTimeItIsRead() throws {
        let text = "[2026-03-01 09:30] Same entry\n"
        let first = try JrnlJournal.entries(in: text, zone: utc)
        let second = try JrnlJournal.entries(in: text, zone: utc)
        #expect(first.map(\.id) == second.map(\.id))
        let other = try JrnlJournal.entries(in: "[2026-03-01 09:30] Other entry\n", zone: utc)
        #expect(first.map(\.id) != other.map(\.id))
    }

    @Test(arguments: [
        (
            "Just some text\n[2026-03-01 09:30] x",
            "line 1: text before the first entry (a jrnl entry starts with [YYYY-MM-DD HH:MM])"
        ),
        ("", "line 1: no entries (a jrnl entry starts with [YYYY-MM-DD HH:MM])"),
        ("[2026-02-30 09:30] x", "line 1: '2026-02-30 09:30' is not a date and time"),
        (
            "[2026-03-01 09:30] x\n\n[2026-03-01 25:00] y",
            "line 3: '2026-03-01 25:00' is not a date and time"
        ),
        ("[2026-03-01 09:30]   \n", "line 1: the entry has no text"),
    ])
    func aFileThatIsNotAJournalIsRefusedNamingTheLine(text: String, message: String) {
        #expect(throws: JrnlJournal.Refusal(message: message)) {
            try JrnlJournal.entries(in: text, zone: utc)
        }
    }

    @Test func aJournalWrittenOnWindowsReadsTheSame() throws {
        let text = "[2026-03-01 09:30] A\r\nsecond line\r\n\r\n[2026-03-02 21:05] B\r\n"
        let entries = try JrnlJournal.entries(in: text, zone: utc)
        #expect(entries.map(\.text) == ["A\nsecond line", "B"])
    }

    @Test func theTextStartsRightAfterTheBracketsWhateverFollowsThem() throws {
        let entries = try JrnlJournal.entries(in: "[2026-03-01 09:30]\u{301}Hello", zone: utc)
        #expect(entries.map(\.text) == ["\u{301}Hello"])
    }

    /// jrnl's own default journal: `[YYYY-MM-DD hh:mm:ss AM]` headers (its `%F %r`), a title
    /// ending ` *` for a starred entry, `@tags`: read as the minute, a star, `#tags`.
    @Test func readsJrnlsDefaultTimeFormatStarsAndTags() throws {
        let text = """
            [2025-11-02 08:30:00 AM] Rain all day.
            @weather

            [2026-12-01 08:30:00 PM] Walked to the market *

            [2026-12-02 12:05:00 AM] Just after midnight, with @friends and an email a@b.it.

            """
        let journal = try JrnlJournal.journal(in: text, zone: utc)
        #expect(
            journal.entries.map(\.text) == [
                "Rain all day.\n#weather", "Walked to the market",
                "Just after midnight, with #friends and an email a@b.it.",
            ])
        #expect(
            journal.entries.map(\.date) == [
                Date(timeIntervalSince1970: 1_762_072_200),
                Date(timeIntervalSince1970: 1_796_157_000),
                Date(timeIntervalSince1970: 1_796_169_900),
            ])
        #expect(journal.starred == [journal.entries[1].id])
        #expect(throws: JrnlJournal.Refusal.self) {
            try JrnlJournal.journal(in: "[2025-11-02 13:30:00 PM] No such hour\n", zone: utc)
        }
    }
}
