import CasebookZip
import Foundation

/// A workbook of one sheet written a row at a time, as a spreadsheet opens it: each cell of
/// its type (text stays text, so `0761780050` keeps its zero; numbers, true/false, dates and
/// times typed), text written inline (never a formula), the sheet's XML deflated as it goes, so
/// that a million rows take no more memory than a few. The ZIP and XML are written here: the
/// parts are few and fixed (ECMA-376's SpreadsheetML, the least a reader needs), and no Swift
/// library for it is kept on Linux.
public struct XLSXWriter: Sendable {
    /// One cell.
    public enum Cell: Sendable, Equatable {
        case text(String)
        /// A number as JSON writes one (`34`, `-1.5`, `2e3`).
        case number(String)
        case boolean(Bool)
        /// A day (shown `yyyy-mm-dd`), or an instant (shown `yyyy-mm-dd hh:mm:ss`, in UTC).
        case date(Date)
        case dateTime(Date)
        case empty
    }

    /// The most rows a sheet has (Excel's).
    public static let mostRows = 1_048_576
    /// The most characters a cell holds (Excel's).
    public static let longestText = 32_767

    private var zip: ZipWriter
    private let sheetName: String
    private var rows = 0
    private var buffer: [UInt8] = []
    /// Each column's letters, made once.
    private var columnNames: [[UInt8]] = []

    /// A workbook whose one sheet is named `sheet` (at most 31 characters, none of `[]:*?/\`),
    /// its parts dated `modified`.
    public init(sheet: String, modified: Date = Date()) {
        zip = ZipWriter(modified: modified)
        let allowed = sheet.filter { !"[]:*?/\\".contains($0) }.prefix(31)
        sheetName = allowed.isEmpty ? "Sheet1" : String(allowed)
    }

    /// The workbook's fixed parts and the start of its sheet: the first bytes of the file.
    public mutating func start() throws -> [UInt8] {
        var bytes: [UInt8] = []
        for (name, text) in [
            ("[Content_Types].xml", Self.contentTypes), ("_rels/.rels", Self.rootRelations),
            ("xl/workbook.xml", Self.workbook(sheet: Self.escaped(sheetName))),
            ("xl/_rels/workbook.xml.rels", Self.workbookRelations), ("xl/styles.xml", Self.styles),
        ] {
            bytes += try zip.entry(named: name, contents: Array(text.utf8))
        }
        bytes += try zip.start(named: "xl/worksheets/sheet1.xml")
        buffer += Array(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
            """.utf8)
        return bytes
    }

    /// A row of `cells`; what of the file is ready to go (perhaps nothing yet). Past
    /// `mostRows`, a `XLSXError` says so.
    public mutating func append(_ cells: [Cell]) throws -> [UInt8] {
        guard rows < Self.mostRows else {
            throw XLSXError(
                "a sheet holds at most \(Self.mostRows) rows: export fewer (a filter), or as CSV")
        }
        rows += 1
        let row = String(rows)
        buffer.append(contentsOf: "<row r=\"".utf8)
        buffer.append(contentsOf: row.utf8)
        buffer.append(contentsOf: "\">".utf8)
        while columnNames.count < cells.count {
            columnNames.append(Array(XLSXWorkbook.columnName(columnNames.count).utf8))
        }
        for (index, cell) in cells.enumerated() {
            if case .empty = cell { continue }
            buffer.append(contentsOf: "<c r=\"".utf8)
            buffer.append(contentsOf: columnNames[index])
            buffer.append(contentsOf: row.utf8)
            switch cell {
            case .empty: break
            case .text(let text):
                buffer.append(contentsOf: "\" t=\"inlineStr\"><is><t xml:space=\"preserve\">".utf8)
                Self.appendEscaped(text, to: &buffer)
                buffer.append(contentsOf: "</t></is></c>".utf8)
            case .number(let text):
                buffer.append(contentsOf: "\"><v>".utf8)
                buffer.append(contentsOf: text.utf8)
                buffer.append(contentsOf: "</v></c>".utf8)
            case .boolean(let value):
                buffer.append(
                    contentsOf: (value ? "\" t=\"b\"><v>1</v></c>" : "\" t=\"b\"><v>0</v></c>").utf8
                )
            case .date(let date):
                buffer.append(contentsOf: "\" s=\"1\"><v>".utf8)
                buffer.append(contentsOf: Self.serial(date).utf8)
                buffer.append(contentsOf: "</v></c>".utf8)
            case .dateTime(let date):
                buffer.append(contentsOf: "\" s=\"2\"><v>".utf8)
                buffer.append(contentsOf: Self.serial(date).utf8)
                buffer.append(contentsOf: "</v></c>".utf8)
            }
        }
        buffer.append(contentsOf: "</row>".utf8)
        guard buffer.count >= 256 * 1024 else { return [] }
        defer { buffer.removeAll(keepingCapacity: true) }
        return try zip.add(buffer)
    }

    /// The rest of the file.
    public mutating func finish() throws -> [UInt8] {
        buffer += Array("</sheetData></worksheet>".utf8)
        var bytes = try zip.add(buffer)
        buffer = []
        bytes += try zip.end()
        return bytes + zip.finish()
    }

    /// A date as a spreadsheet counts days: from 1899-12-30, a time as the day's fraction.
    static func serial(_ date: Date) -> String {
        let days = date.timeIntervalSince1970 / 86_400 + 25_569
        return days == days.rounded() ? String(Int(days)) : String(days)
    }

    /// `text` in XML: `&`, `<`, `>` and `"` as entities, and a control character no XML holds
    /// (or a `_x` that would read as one) as SpreadsheetML's `_xHHHH_`.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        // Most text needs nothing escaped: its bytes as they are.
        if !utf8.contains(where: {
            $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x5F
        }) {
            bytes.append(contentsOf: utf8)
            return
        }
        var rest = Array(utf8)[...]
        while let byte = rest.popFirst() {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "_") where rest.first == UInt8(ascii: "x"):
                bytes.append(contentsOf: "_x005F_".utf8)
            // A carriage return too: XML reads CR LF back as LF.
            case 0x00...0x08, 0x0B, 0x0C, 0x0D, 0x0E...0x1F:
                bytes.append(contentsOf: String(format: "_x%04X_", byte).utf8)
            default: bytes.append(byte)
            }
        }
    }

    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>
        """

    static let rootRelations = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>
        """

    static func workbook(sheet: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="\(sheet)" sheetId="1" r:id="rId1"/></sheets></workbook>
        """
    }

    static let workbookRelations = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>
        """

    /// Style 0 plain, 1 a day, 2 a day and time.
    static let styles = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>
        """
}
