import Foundation

/// What a moment's name was, when it names none, or names a time the clocks skip.
public struct DiaryMomentError: Error, Equatable, CustomStringConvertible {
    public let text: String
    /// For a skipped time: why, in words.
    public let reason: String?

    public init(text: String) {
        self.text = text
        reason = nil
    }

    init(text: String, skipped: (day: DiaryDay, hour: Int, minute: Int), zone: TimeZone) {
        self.text = text
        let day = String(
            format: "%04d-%02d-%02d", skipped.day.year, skipped.day.month, skipped.day.day)
        let time = String(format: "%02d:%02d", skipped.hour, skipped.minute)
        let after = String(format: "%02d:%02d", (skipped.hour + 1) % 24, skipped.minute)
        reason =
            "\(time) on \(day) does not exist in \(zone.identifier): the clocks went forward"
            + " an hour then; write \(after), or the time before the change"
    }

    public var description: String {
        reason
            ?? "'\(text)' is not a date and time: write one as 2025-11-02 08:30, today 20:30,"
            + " yesterday, last monday 08:15, 3 days ago or 20:30"
    }
}
