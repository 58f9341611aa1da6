import CasebookZip

/// The sheets of a spreadsheet file (`.xlsx`: Office Open XML, ECMA-376), read as hostile input:
/// a ZIP (`CasebookZip`) of XML parts, each read with libxml2 (`XMLStream`), within
/// `Limits`. A sheet is its rows of cells as text, as a spreadsheet shows them: a shared or
/// inline string as it is, a number as it was written (`12`, `2.5`), a true or false as
/// `TRUE`/`FALSE`, a formula as the value last worked out for it. A fault names the part, the
/// sheet and the cell.
public struct XLSXWorkbook: Sendable, Equatable {
    public struct Limits: Sendable {
        /// The most bytes the file may have.
        public var mostFileBytes = 16 << 20
        /// The most rows a sheet may have.
        public var mostRows = 20_000
        /// The most columns a row may reach (`IV`, 256, as a form never needs more).
        public var mostColumns = 256
        /// The most characters a cell may hold (a spreadsheet's own limit).
        public var mostCellCharacters = 32_767
        /// The most shared strings.
        public var mostSharedStrings = 200_000
        /// The most sheets.
        public var mostSheets = 64

        public init() {}
    }

    /// One row: its number in the sheet (1 for the first) and its cells, `""` where empty.
    public struct Row: Sendable, Equatable {
        public let number: Int
        public let cells: [String]

        public init(number: Int, cells: [String]) {
            self.number = number
            self.cells = cells
        }

        /// The cell in `column` (0 for A); `""` past the row's end.
        public subscript(column: Int) -> String {
            column < cells.count ? cells[column] : ""
        }
    }

    public struct Sheet: Sendable, Equatable {
        public let name: String
        /// The rows that have a cell, in order.
        public let rows: [Row]

        public init(name: String, rows: [Row]) {
            self.name = name
            self.rows = rows
        }
    }

    /// The sheets, in the workbook's order.
    public let sheets: [Sheet]

    public init(sheets: [Sheet]) {
        self.sheets = sheets
    }

    /// Whether libxml2, which reads the parts, is installed.
    public static var isAvailable: Bool { XMLStream.isAvailable }

    /// The spreadsheet `bytes`.
    public init(_ bytes: [UInt8], limits: Limits = Limits()) throws(XLSXError) {
        guard bytes.count <= limits.mostFileBytes else {
            throw XLSXError("the file is larger than \(limits.mostFileBytes >> 20) MB")
        }
        let parts: [String: [UInt8]]
        do {
            let zipLimits = ZipReader.Limits(
                mostEntries: 1_000, mostEntryBytes: 64 << 20, mostBytes: 256 << 20)
            parts = try Self.parts(of: bytes, limits: zipLimits)
        } catch {
            throw XLSXError("the file is not a spreadsheet (.xlsx): \(error)")
        }
        guard let workbook = parts["xl/workbook.xml"] else {
            throw XLSXError(
                "the file is not a spreadsheet (.xlsx): it has no xl/workbook.xml (an .xls or .ods file must be saved as .xlsx)"
            )
        }
        let listed = try Self.sheetList(workbook)
        guard listed.count <= limits.mostSheets else {
            throw XLSXError("the file has more than \(limits.mostSheets) sheets")
        }
        var targets: [String: String] = [:]
        if let relationships = parts["xl/_rels/workbook.xml.rels"] {
            targets = try Self.relationships(relationships)
        }
        var strings: [String] = []
        if let shared = parts["xl/sharedStrings.xml"] {
            strings = try Self.sharedStrings(shared, limits: limits)
        }
        var sheets: [Sheet] = []
        for (name, relation) in listed {
            guard let target = targets[relation], let part = parts[target] else {
                throw XLSXError("the sheet \(name) has no part in the file")
            }
            sheets.append(
                Sheet(
                    name: name,
                    rows: try Self.rows(
                        part, named: target, sheet: name, strings: strings, limits: limits)))
        }
        self.sheets = sheets
    }

    /// A column's letters: 0 is `A`, 26 is `AA`.
    public static func columnName(_ index: Int) -> String {
        var index = index + 1
        var letters: [Character] = []
        while index > 0 {
            let remainder = (index - 1) % 26
            letters.insert(Character(UnicodeScalar(UInt8(65 + remainder))), at: 0)
            index = (index - 1) / 26
        }
        return String(letters)
    }

    // MARK: - The parts

    private static func parts(of bytes: [UInt8], limits: ZipReader.Limits) throws(ZipReader.Refusal)
        -> [String: [UInt8]]
    {
        var parts: [String: [UInt8]] = [:]
        let wanted: (String) -> Bool = { name in
            name == "xl/workbook.xml" || name == "xl/_rels/workbook.xml.rels"
                || name == "xl/sharedStrings.xml"
                || (name.hasPrefix("xl/worksheets/") && name.hasSuffix(".xml"))
        }
        for entry in try ZipReader.entries(in: bytes, limits: limits, including: wanted) {
            parts[entry.name] = try entry.contents.get()
        }
        return parts
    }

    /// The sheets the workbook lists: each name and its relationship's id.
    private static func sheetList(_ bytes: [UInt8]) throws(XLSXError) -> [(String, String)] {
        var sheets: [(String, String)] = []
        try XMLStream.read(bytes, part: "xl/workbook.xml") { event throws(XLSXError) in
            guard case .start("sheet", let attributes, _) = event else { return }
            guard let name = attributes["name"], let id = attributes["id"] else {
                throw XLSXError(part: "xl/workbook.xml", "a sheet has no name or no part")
            }
            sheets.append((name, id))
        }
        return sheets
    }

    /// Each relationship's id and the part it names, as a path in the ZIP.
    private static func relationships(_ bytes: [UInt8]) throws(XLSXError) -> [String: String] {
        var targets: [String: String] = [:]
        try XMLStream.read(bytes, part: "xl/_rels/workbook.xml.rels") { event throws(XLSXError) in
            guard case .start("Relationship", let attributes, _) = event,
                let id = attributes["Id"], let target = attributes["Target"]
            else { return }
            targets[id] = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
        }
        return targets
    }

    /// The shared strings, in order: each `<si>`'s text, its runs joined, its phonetic
    /// readings (`<rPh>`) left out.
    private static func sharedStrings(_ bytes: [UInt8], limits: Limits) throws(XLSXError)
        -> [String]
    {
        let part = "xl/sharedStrings.xml"
        var strings: [String] = []
        var current = ""
        var inText = false
        var phonetic = 0
        try XMLStream.read(bytes, part: part) { event throws(XLSXError) in
            switch event {
            case .start("si", _, let empty):
                current = ""
                if empty { strings.append("") }
            case .start("t", _, let empty): inText = !empty
            case .start("rPh", _, let empty): if !empty { phonetic += 1 }
            case .end("rPh"): phonetic -= 1
            case .end("t"): inText = false
            case .text(let text) where inText && phonetic == 0:
                current += text
                guard current.count <= limits.mostCellCharacters else {
                    throw XLSXError(
                        part: part,
                        "shared string \(strings.count + 1) is longer than \(limits.mostCellCharacters) characters"
                    )
                }
            case .end("si"):
                strings.append(current)
                guard strings.count <= limits.mostSharedStrings else {
                    throw XLSXError(
                        part: part, "it has more than \(limits.mostSharedStrings) strings")
                }
            default: break
            }
        }
        return strings
    }

    /// A sheet's rows.
    private static func rows(
        _ bytes: [UInt8], named part: String, sheet: String, strings: [String], limits: Limits
    ) throws(XLSXError) -> [Row] {
        var rows: [Row] = []
        var cells: [String] = []
        var rowNumber = 0
        var column = 0
        var cellType = ""
        var reference = ""
        var value = ""
        var inValue = false
        var inInline = false
        func fault(_ reason: String) -> XLSXError {
            XLSXError(part: part, "sheet \(sheet), \(reason)")
        }
        try XMLStream.read(bytes, part: part) { event throws(XLSXError) in
            switch event {
            case .start("row", let attributes, let empty):
                let number = attributes["r"].flatMap { Int($0) } ?? (rowNumber + 1)
                guard number > rowNumber, number <= 1_048_576 else {
                    throw fault("row \(attributes["r"] ?? "?") is out of order")
                }
                guard rows.count < limits.mostRows else {
                    throw fault("it has more than \(limits.mostRows) rows")
                }
                rowNumber = number
                cells = []
                column = 0
                if empty { rows.append(Row(number: number, cells: [])) }
            case .start("c", let attributes, let empty):
                cellType = attributes["t"] ?? "n"
                reference = attributes["r"] ?? ""
                if !reference.isEmpty {
                    guard let index = Self.columnIndex(of: reference) else {
                        throw fault("the cell reference \(reference) is not a cell's")
                    }
                    guard index >= column else { throw fault("cell \(reference) is out of order") }
                    column = index
                }
                value = ""
                if empty { column += 1 }
            case .start("v", _, let empty): inValue = !empty
            case .end("v"): inValue = false
            case .start("is", _, _): inInline = true
            case .end("is"): inInline = false
            case .start("t", _, let empty) where inInline: inValue = !empty
            case .end("t") where inInline: inValue = false
            case .text(let text) where inValue:
                value += text
                guard value.count <= limits.mostCellCharacters else {
                    throw fault(
                        "cell \(Self.columnName(column))\(rowNumber) is longer than \(limits.mostCellCharacters) characters"
                    )
                }
            case .end("c"):
                let place = "\(Self.columnName(column))\(rowNumber)"
                let text: String
                switch cellType {
                case "s":
                    guard let index = Int(value), strings.indices.contains(index) else {
                        throw fault("cell \(place) names a shared string there is not")
                    }
                    text = strings[index]
                case "b": text = value == "1" ? "TRUE" : "FALSE"
                case "e": text = value
                case "inlineStr", "str", "d": text = value
                default: text = Self.number(value)
                }
                if !text.isEmpty {
                    // Cells formatted but empty may reach far right; one with a value may not.
                    guard column < limits.mostColumns else {
                        throw fault(
                            "cell \(place) is past column \(Self.columnName(limits.mostColumns - 1))"
                        )
                    }
                    while cells.count < column { cells.append("") }
                    cells.append(text)
                }
                column += 1
            case .end("row"):
                rows.append(Row(number: rowNumber, cells: cells))
            default: break
            }
        }
        return rows.filter { !$0.cells.isEmpty }
    }

    /// A number cell's text as a spreadsheet shows it: a whole number without a point (`12`,
    /// not `12.0`), any other as it was written.
    static func number(_ text: String) -> String {
        guard let value = Double(text), value.isFinite else { return text }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return text
    }

    /// The column of a cell reference (`B12` is 1); nil for no reference.
    static func columnIndex(of reference: String) -> Int? {
        var index = 0
        var letters = 0
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                guard letters < 3 else { return nil }
                index = index * 26 + Int(byte - UInt8(ascii: "A") + 1)
                letters += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard letters > 0 else { return nil }
            default: return nil
            }
        }
        return letters > 0 ? index - 1 : nil
    }
}
