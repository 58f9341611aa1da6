/// What a day's name was, when it names no day.
public struct DiaryDayError: Error, Equatable, CustomStringConvertible {
    public let text: String

    public init(text: String) { self.text = text }

    public var description: String {
        "'\(text)' is not a day (a day is YYYY-MM-DD, today, yesterday or N days ago)"
    }
}
