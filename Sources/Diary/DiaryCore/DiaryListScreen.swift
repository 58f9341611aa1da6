/// The list screen's model: title, one row per entry (newest first), and what selecting,
/// deleting and adding do.
public final class DiaryListScreen {
    /// What one row shows.
    public struct Row: Equatable, Sendable {
        public let id: Entry.ID
        /// The entry's text, cut to 80 characters with "…" when longer.
        public let text: String
        /// The entry's date, readable.
        public let subtitle: String
        /// Where `text` has the words a search found (none in a list that is no search's).
        public let marks: [Range<String.Index>]

        init(id: Entry.ID, text: String, subtitle: String, marks: [Range<String.Index>] = []) {
            self.id = id
            self.text = text
            self.subtitle = subtitle
            self.marks = marks
        }
    }

    public static let maximumRowTextLength = Entry.previewLength

    public let title = "Diary"
    public let rows: [Row]
    private let entries: [Entry]
    /// Where the page of older entries starts, when there are older entries than these.
    public internal(set) var older: DiaryCursor?
    /// Where the page of newer entries ends, when there are newer entries than these.
    public internal(set) var newer: DiaryCursor?
    /// What the list is of, when it is a search's or a span of days' rather than every entry.
    public internal(set) var query: DiaryQuery?

    public var onSelect: (Entry) throws -> Void = { _ in }
    public var onDelete: (Entry) throws -> Void = { _ in }
    public var onAdd: () throws -> Void = {}

    /// The rows of what `query` found: each an excerpt of its entry that shows the first word
    /// found, with the words found marked.
    /// - Parameter entries: newest first.
    public init(entries: [Entry], formatter: DiaryDateFormatter, query: DiaryQuery) {
        self.entries = entries
        self.query = query
        rows = entries.map { entry in
            let excerpt =
                query.search?.excerpt(of: entry.text)
                ?? DiarySearch.Excerpt(text: entry.preview, marks: [])
            return Row(
                id: entry.id, text: excerpt.text, subtitle: formatter.string(from: entry.date),
                marks: excerpt.marks)
        }
    }

    /// - Parameter entries: newest first.
    public init(entries: [Entry], formatter: DiaryDateFormatter) {
        self.entries = entries
        rows = entries.map {
            Row(id: $0.id, text: $0.preview, subtitle: formatter.string(from: $0.date))
        }
    }

    /// The entry behind row `index`, if there is such a row.
    public func entry(at index: Int) -> Entry? {
        entries.indices.contains(index) ? entries[index] : nil
    }

    public func selectRow(at index: Int) throws {
        if let entry = entry(at: index) { try onSelect(entry) }
    }

    public func deleteRow(at index: Int) throws {
        if let entry = entry(at: index) { try onDelete(entry) }
    }

    public func add() throws {
        try onAdd()
    }
}
