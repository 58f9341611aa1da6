import Diary

/// The lines of `casebook diary list`: the id, the date as the diary shows it, and the preview
/// on one line (its line breaks as spaces, other control characters escaped: `VisibleText`),
/// written straight into an output buffer.
struct DiaryListLines {
    private var dates: DiaryDateWriter

    init(dates: DiaryDateFormatter) {
        self.dates = DiaryDateWriter(formatter: dates)
    }

    mutating func write(_ entry: Entry, to output: inout [UInt8]) {
        EntryIDText.write(entry.id, to: &output)
        output.append(contentsOf: "  ".utf8)
        dates.write(entry.date, to: &output)
        output.append(contentsOf: "  ".utf8)
        VisibleText.appendLine(entry.preview, to: &output)
        output.append(0x0A)
    }
}
