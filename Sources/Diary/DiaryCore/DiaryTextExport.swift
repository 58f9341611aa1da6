import Foundation

/// The diary written out for people and for other diaries, oldest entry first: as Markdown (a
/// heading with each entry's minute) or as jrnl's plain-text journal (`[YYYY-MM-DD HH:MM] `
/// before each entry's first line, ` *` after it for a starred entry, as jrnl marks one: what
/// `JrnlJournal` and jrnl itself read back). Minutes are in `zone`.
public enum DiaryTextExport {
    /// `entries` (oldest first) as Markdown.
    public static func markdown(_ entries: [Entry], zone: TimeZone) -> String {
        let minutes = Minutes(zone: zone)
        return "# Diary\n"
            + entries.map { "\n## \(minutes.text($0.date))\n\n\($0.text)\n" }.joined()
    }

    /// `entries` (oldest first) as jrnl's journal.
    public static func jrnl(_ entries: [Entry], zone: TimeZone) -> String {
        jrnl(entries, starred: [], zone: zone)
    }

    /// `entries` (oldest first) as jrnl's journal, those of `starred` starred.
    public static func jrnl(_ entries: [Entry], starred: Set<Entry.ID>, zone: TimeZone) -> String {
        let minutes = Minutes(zone: zone)
        return entries.map { entry in
            var text = entry.text
            if starred.contains(entry.id) {
                let end = text.firstIndex(where: \.isNewline) ?? text.endIndex
                text.insert(contentsOf: " *", at: end)
            }
            return "[\(minutes.text(entry.date))] \(text)\n"
        }.joined(separator: "\n")
    }

    /// Dates to the minute, as jrnl writes them: `2026-03-05 14:30`.
    struct Minutes {
        let formatter: DateFormatter

        init(zone: TimeZone) {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
        }

        func text(_ date: Date) -> String { formatter.string(from: date) }
    }
}
