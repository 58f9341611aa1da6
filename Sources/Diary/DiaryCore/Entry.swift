import Foundation

/// One diary entry. Its identity is its own id, not its date: two entries written at the same
/// instant are two entries.
public struct Entry: Equatable, Identifiable, Sendable {
    public let id: UUID
    public let date: Date
    /// What its writer wrote.
    public var content: EntryContent

    /// The content's text.
    public var text: String {
        get { content.text }
        set { content.text = newValue }
    }

    public init(id: UUID = UUID(), date: Date, content: EntryContent) {
        self.id = id
        self.date = date
        self.content = content
    }

    public init(id: UUID = UUID(), date: Date, text: String) {
        self.init(id: id, date: date, content: EntryContent(text: text))
    }

    /// This entry with `content`, at `date` when given (else its own).
    public func with(_ content: EntryContent, date: Date? = nil) -> Entry {
        Entry(id: id, date: date ?? self.date, content: content)
    }

    /// Newest first; entries of the same instant in a stable order.
    static func isNewer(_ left: Entry, than right: Entry) -> Bool {
        left.date != right.date ? left.date > right.date : left.id.uuidString > right.id.uuidString
    }

    /// The most characters a preview shows.
    public static let previewLength = 80

    /// The text cut to `previewLength` characters with "…" when longer, on Character
    /// boundaries, so an emoji or a letter with its accents stays whole: what a list shows.
    public var preview: String { Self.preview(of: text) }

    /// `text` cut as `preview` cuts an entry's.
    static func preview(of text: String) -> String {
        if let preview = Self.asciiPreview(of: text) { return preview }
        guard
            let cut = text.index(
                text.startIndex, offsetBy: Self.previewLength, limitedBy: text.endIndex),
            cut != text.endIndex
        else { return text }
        return text[..<cut] + "…"
    }

    /// The preview of `text` where its bytes alone tell it, without counting characters; nil
    /// where they do not. Characters are at least a byte each: a text of `previewLength` bytes
    /// or fewer is whole. Where the first 81 bytes are ASCII other than CR (of CR LF, one
    /// character), each is a character of its own: the cut is at byte 80.
    static func asciiPreview(of text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count > previewLength else { return text }
        let start = utf8.prefix(previewLength + 1)
        guard !start.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
        return String(decoding: start.dropLast(), as: UTF8.self) + "…"
    }

    /// Whether `text` is blank: an entry needs some text.
    public static func isBlank(_ text: String) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }
}
