import DiaryCore
import Foundation
import Testing

/// jrnl's `timeformat`, any strftime format a date can be read back from, and its Markdown
/// export read back as the journal it was made from.
@Suite("jrnl's time formats and Markdown")
struct JrnlTimeFormatTests {
    let rome = TimeZone(identifier: "Europe/Rome")!

    /// The instant `text` names in Rome, written back in UTC for the table.
    private func utc(_ format: String, _ text: String) throws -> String? {
        let parsed = try JrnlTimeFormat(format)
        guard let (date, _) = parsed.date(atStartOf: Substring(text), zone: rome) else {
            return nil
        }
        return date.formatted(.iso8601)
    }

    @Test(arguments: [
        ("%F %r", "2014-01-01 12:01:00 AM", "2013-12-31T23:01:00Z"),
        ("%F %r", "2025-11-03 08:45:00 PM", "2025-11-03T19:45:00Z"),
        ("%Y-%m-%d %H:%M", "2025-07-01 00:30", "2025-06-30T22:30:00Z"),
        ("%d.%m.%Y %H:%M", "02.11.2025 08:30", "2025-11-02T07:30:00Z"),
        ("%d/%m/%y %I:%M%p", "02/11/25 08:30pm", "2025-11-02T19:30:00Z"),
        ("%A, %B %e, %Y %H:%M", "Sunday, November  2, 2025 08:30", "2025-11-02T07:30:00Z"),
        ("%b %d %Y %T", "Nov 02 2025 08:30:15", "2025-11-02T07:30:15Z"),
        ("%Y-%j %R", "2025-306 08:30", "2025-11-02T07:30:00Z"),
    ])
    func aDateIsReadBackInItsFormat(format: String, text: String, instant: String) throws {
        #expect(try utc(format, text) == instant)
    }

    @Test(arguments: [
        ("%F %r", "2014-01-01 13:01:00 AM"), ("%F %H:%M", "2025-02-30 08:30"),
        ("%F %H:%M", "2025-11-02 24:00"), ("%d.%m.%Y", "2.11.25"), ("%F %r", "2014-01-01 12:01"),
    ])
    func aDayOrTimeThereIsNotIsNoDate(format: String, text: String) throws {
        #expect(try utc(format, text) == nil)
    }

    @Test func aFormatNoDateCanBeReadFromIsRefusedNamingWhy() {
        #expect(throws: JrnlJournal.Refusal.self) { try JrnlTimeFormat("%Y-%m-%d %Z") }
        #expect(throws: JrnlJournal.Refusal.self) { try JrnlTimeFormat("%H:%M") }
        #expect(throws: JrnlJournal.Refusal.self) { try JrnlTimeFormat("%Y-%m-%d %") }
    }

    @Test func aJournalIsReadInTheTimeFormatItsConfigurationNames() throws {
        let text = """
            [02.11.2025 08:30] Rain all day. @weather *
            Stayed in.

            [03.11.2025 20:45] Walked to the market.
            """
        let journal = try JrnlJournal.journal(
            in: text, zone: rome, timeFormat: try JrnlTimeFormat("%d.%m.%Y %H:%M"))
        #expect(
            journal.entries.map(\.text) == [
                "Rain all day. #weather\nStayed in.", "Walked to the market.",
            ])
        #expect(journal.starred == [journal.entries[0].id])
        #expect(
            journal.entries[1].date.formatted(.iso8601) == "2025-11-03T19:45:00Z")
        // Without it, the header is no date jrnl writes by default.
        #expect(throws: JrnlJournal.Refusal.self) {
            try JrnlJournal.journal(in: text, zone: rome)
        }
    }

    @Test func jrnlsMarkdownExportIsReadAsItsJournal() throws {
        let markdown = """
            # 2025

            ## November

            ### 2025-11-02 08:30:00 AM Rain all day.

            Stayed in with @ana.

            #### A heading in the entry
            More.
             
            ### 2025-11-03 08:45:00 PM Walked to the market.
             
            # 2026

            ## January

            ### 2026-01-01 12:05:00 AM New year.
             
            """
        let journal = try JrnlJournal.journal(in: markdown, zone: rome, timeFormat: nil)
        #expect(
            journal.entries.map(\.text) == [
                "Rain all day.\nStayed in with #ana.\n\n# A heading in the entry\nMore.",
                "Walked to the market.", "New year.",
            ])
        #expect(
            journal.entries.map { $0.date.formatted(.iso8601) } == [
                "2025-11-02T07:30:00Z", "2025-11-03T19:45:00Z", "2025-12-31T23:05:00Z",
            ])
        #expect(throws: JrnlJournal.Refusal.self) {
            try JrnlJournal.journal(
                in: "# 2025\n\n### yesterday Rain\n", zone: rome, timeFormat: nil)
        }
    }
}
