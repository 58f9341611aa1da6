/// Why a form definition is refused: what is wrong, naming the sheet, the row and the column
/// (`survey sheet, row 7, column type (B7): …`).
public struct SurveyFormError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// A fault of one cell: `column` is its index (0 for A), `header` the column's name.
    init(sheet: String, row: Int, column: Int, header: String, _ reason: String) {
        self.init(
            "\(sheet) sheet, row \(row), column \(header) (\(Self.columnName(column))\(row)): \(reason)"
        )
    }

    /// A fault of one row.
    init(sheet: String, row: Int, _ reason: String) {
        self.init("\(sheet) sheet, row \(row): \(reason)")
    }

    /// A column's letters: 0 is `A`, 26 is `AA`.
    static func columnName(_ index: Int) -> String {
        var index = index + 1
        var letters = ""
        while index > 0 {
            let remainder = (index - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            index = (index - 1) / 26
        }
        return letters
    }
}
