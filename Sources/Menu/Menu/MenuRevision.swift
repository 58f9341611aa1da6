import Foundation

/// One saved version of the menu: its number (1, 2, … in the order they were saved), the menu,
/// who saved it, when, and what they said of it.
public struct MenuRevision: Equatable, Sendable {
    public let number: Int
    public let menu: Menu
    public let author: String
    public let savedAt: Date
    public let note: String?

    public init(number: Int, menu: Menu, author: String, savedAt: Date, note: String?) {
        self.number = number
        self.menu = menu
        self.author = author
        self.savedAt = savedAt
        self.note = note
    }
}
