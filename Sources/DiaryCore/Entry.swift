import Foundation

/// One diary entry. Its identity is its own id, not its date: two entries written at the same
/// instant are two entries.
public struct Entry: Equatable, Identifiable, Sendable {
    public let id: UUID
    public let date: Date
    public var text: String

    public init(id: UUID = UUID(), date: Date, text: String) {
        self.id = id
        self.date = date
        self.text = text
    }

    /// Newest first; entries of the same instant in a stable order.
    static func isNewer(_ left: Entry, than right: Entry) -> Bool {
        left.date != right.date ? left.date > right.date : left.id.uuidString > right.id.uuidString
    }

    /// The most characters a preview shows.
    public static let previewLength = 80

    /// The text cut to `previewLength` characters with "…" when longer, on Character
    /// boundaries, so an emoji or a letter with its accents stays whole: what a list shows.
    public var preview: String {
        guard text.count > Self.previewLength else { return text }
        return text.prefix(Self.previewLength) + "…"
    }

    /// Whether `text` is blank: an entry needs some text.
    static func isBlank(_ text: String) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }
}
