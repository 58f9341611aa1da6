/// One sheet of a form definition as a spreadsheet holds it (`survey`, `choices`, `settings`):
/// its rows of cells as text, each row with its number in the sheet, for errors that name it.
public struct SurveyFormSheet: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let number: Int
        public let cells: [String]

        public init(number: Int, cells: [String]) {
            self.number = number
            self.cells = cells
        }
    }

    public let name: String
    /// The rows that have a cell; the first is the header.
    public let rows: [Row]

    public init(name: String, rows: [Row]) {
        self.name = name
        self.rows = rows
    }
}
