import DiaryCore
import Foundation

/// A diary entry as the JSON API answers it and `casebook diary … --json` prints it: its id in
/// lowercase, its date in ISO 8601 with fractions of a second, its full text.
public struct DiaryEntryWire: Codable, Equatable, Sendable {
    public let id: String
    public let date: String
    public let text: String

    public init(_ entry: Entry) {
        id = EntryIDText.text(of: entry.id)
        date = WireDateText.text(of: entry.date)
        text = entry.text
    }
}
