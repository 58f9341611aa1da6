import DiaryCore
import Foundation

/// A diary entry as the JSON API answers it and `casebook diary … --json` prints it: its id in
/// lowercase, its date in ISO 8601 with fractions of a second, its full text.
public struct DiaryEntryWire: Codable, Equatable, Sendable {
    public let id: String
    public let date: String
    public let text: String

    public init(_ entry: Entry) {
        id = entry.id.uuidString.lowercased()
        date = entry.date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        text = entry.text
    }
}
