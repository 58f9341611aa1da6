import Foundation

/// Why the detail screen's action did nothing.
public enum EntryDetailError: Error, Equatable, CustomStringConvertible {
    /// An entry needs some text.
    case blankText

    public var description: String { "an entry needs some text" }
}

/// The entry detail screen's model, for a new entry or an existing one.
public final class EntryDetailScreen {
    /// Today's date for a new entry; the entry's date for an existing one.
    public let title: String
    /// What is being edited.
    public var content: EntryContent
    /// The text being edited.
    public var text: String {
        get { content.text }
        set { content.text = newValue }
    }
    /// "Save" for a new entry, "Update" for an existing one.
    public let actionTitle: String
    /// The entry being edited; nil for a new one.
    public let entry: Entry?
    private let now: Date

    public var onSave: (Entry) throws -> Void = { _ in }

    public init(entry: Entry?, now: Date, formatter: DiaryDateFormatter) {
        self.entry = entry
        self.now = now
        title = formatter.string(from: entry?.date ?? now)
        content = entry?.content ?? EntryContent(text: "")
        actionTitle = entry == nil ? "Save" : "Update"
    }

    /// The action is enabled only when the text is not blank.
    public var isActionEnabled: Bool {
        !content.isBlank
    }

    /// Saves the entry: the same identity and date for an update, dated now for a new one.
    /// Returns the entry saved.
    @discardableResult
    public func performAction() throws -> Entry {
        guard isActionEnabled else { throw EntryDetailError.blankText }
        var saved = entry ?? Entry(date: now, content: content)
        saved.content = content
        try onSave(saved)
        return saved
    }
}
