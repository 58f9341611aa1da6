import Diary

/// The lines of `casebook diary list`: the id, the date as the diary shows it, and the preview
/// on one line (its line breaks as spaces), written straight into an output buffer.
struct DiaryListLines {
    private let dates: DiaryDateFormatter
    /// The last date written, by its second: entries added together share it.
    private var lastDate: (second: Double, text: String)?

    init(dates: DiaryDateFormatter) {
        self.dates = dates
    }

    mutating func write(_ entry: Entry, to output: inout [UInt8]) {
        EntryIDText.write(entry.id, to: &output)
        output.append(contentsOf: "  ".utf8)
        let second = entry.date.timeIntervalSinceReferenceDate.rounded(.down)
        if lastDate?.second != second {
            lastDate = (second, dates.string(from: entry.date))
        }
        output.append(contentsOf: lastDate!.text.utf8)
        output.append(contentsOf: "  ".utf8)
        for byte in entry.preview.utf8 {
            output.append(byte == 0x0A ? 0x20 : byte)
        }
        output.append(0x0A)
    }
}
