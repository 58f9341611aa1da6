/// The order of a table sorted by one column, as a spreadsheet sorts one: numbers by value,
/// then text (a list or `true` is its text) by Unicode scalars in lower case (`ada` beside
/// `Ada`, which comes first), then the respondents with no value there; descending reverses the numbers and the text, and keeps the blanks last. Ties
/// go by id.
public struct RespondentSort: Equatable, Sendable {
    /// A column's name, as the table and the CSV name it (`household/size`).
    public var column: String
    public var descending: Bool

    public init(column: String, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }

    /// Where a respondent goes in the order: its value in the column, then its id.
    public struct Key: Equatable, Sendable {
        public enum Value: Equatable, Sendable {
            case number(Double)
            case text(String)
            case blank
        }

        public let value: Value
        public let id: String
        /// The text in lower case, compared first: `ada` sorts beside `Ada`.
        let folded: String

        public init(value: Value, id: String) {
            self.value = value
            self.id = id
            folded = if case .text(let text) = value { text.lowercased() } else { "" }
        }

        public static func == (left: Key, right: Key) -> Bool {
            left.value == right.value && left.id == right.id
        }
    }

    /// The key of the respondent `id` whose JSON is `body`; nil for bytes that are not a JSON
    /// object.
    public func key(id: String, body: [UInt8]) -> Key? {
        var value = Key.Value.blank
        let read = RespondentExport.readCells(ofJSON: body) { name, cell in
            guard name == column else { return }
            if cell.isText {
                value = .text(cell.text)
            } else if cell.text.isEmpty {
                value = .blank
            } else if let number = Double(cell.text), cell.text != "true", cell.text != "false" {
                value = .number(number)
            } else {
                value = .text(cell.text)
            }
        }
        return read ? Key(value: value, id: id) : nil
    }

    /// Whether `left` comes before `right` in this order.
    public func precedes(_ left: Key, _ right: Key) -> Bool {
        func rank(_ value: Key.Value) -> Int {
            switch value {
            case .number: descending ? 1 : 0
            case .text: descending ? 0 : 1
            case .blank: 2
            }
        }
        let (leftRank, rightRank) = (rank(left.value), rank(right.value))
        if leftRank != rightRank { return leftRank < rightRank }
        switch (left.value, right.value) {
        case (.number(let a), .number(let b)) where a != b: return descending ? a > b : a < b
        case (.text(let a), .text(let b)) where !a.unicodeScalars.elementsEqual(b.unicodeScalars):
            let before =
                left.folded.unicodeScalars.elementsEqual(right.folded.unicodeScalars)
                ? a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
                : left.folded.unicodeScalars.lexicographicallyPrecedes(right.folded.unicodeScalars)
            return descending ? !before : before
        default: return left.id.unicodeScalars.lexicographicallyPrecedes(right.id.unicodeScalars)
        }
    }
}
