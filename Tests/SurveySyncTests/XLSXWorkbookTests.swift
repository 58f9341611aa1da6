import CasebookXLSX
import CasebookZip
import Foundation
import Testing

/// A spreadsheet's sheets read from its XML parts: shared, inline and rich strings, numbers as
/// a spreadsheet shows them, booleans, cells skipped, and hostile files refused, naming where.
@Suite("Reading a spreadsheet (.xlsx)")
struct XLSXWorkbookTests {
    /// A workbook whose one sheet, `survey`, is `sheet` (its `<sheetData>`'s rows).
    static func workbook(
        sheet: String, strings: [String] = [], sheetName: String = "survey",
        workbookXML: String? = nil
    ) throws -> [UInt8] {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_800_000_000))
        let shared =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
            + strings.joined() + "</sst>"
        var bytes = try writer.entry(
            named: "xl/workbook.xml",
            contents: Array(
                (workbookXML
                    ?? "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets><sheet name=\"\(sheetName)\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>")
                    .utf8))
        bytes += try writer.entry(
            named: "xl/_rels/workbook.xml.rels",
            contents: Array(
                "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>"
                    .utf8))
        bytes += try writer.entry(named: "xl/sharedStrings.xml", contents: Array(shared.utf8))
        bytes += try writer.entry(
            named: "xl/worksheets/sheet1.xml",
            contents: Array(
                "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>\(sheet)</sheetData></worksheet>"
                    .utf8))
        return bytes + writer.finish()
    }

    @Test func cellsReadAsASpreadsheetShowsThem() throws {
        let bytes = try Self.workbook(
            sheet: """
                <row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>label::Français</t></is></c></row>
                <row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><v>12</v></c><c r="C2"><v>2.5</v></c><c r="D2" t="b"><v>1</v></c><c r="E2" s="3"/></row>
                <row r="4"><c r="B4" t="str"><f>A1</f><v>type</v></c></row>
                """,
            strings: [
                "<si><t>type</t></si>",
                "<si><r><t>Zo</t></r><r><t xml:space=\"preserve\">ë &amp; co</t></r><rPh><t>zo</t></rPh></si>",
            ])
        let workbook = try XLSXWorkbook(bytes)
        let sheet = try #require(workbook.sheets.first)
        #expect(sheet.name == "survey")
        #expect(
            sheet.rows == [
                .init(number: 1, cells: ["type", "", "label::Français"]),
                .init(number: 2, cells: ["Zoë & co", "12", "2.5", "TRUE"]),
                .init(number: 4, cells: ["", "type"]),
            ])
    }

    @Test(arguments: [
        ("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><sst/>", "document type"),
        ("<sst><si><t>unclosed</si></sst>", "not well-formed XML"),
        (
            String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40),
            "nest more than"
        ),
    ])
    func hostilePartsAreRefusedNamingThePart(shared: String, words: String) throws {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_800_000_000))
        let good = try Self.workbook(sheet: "")
        var bytes: [UInt8] = []
        for entry in try ZipReader.entries(
            in: good, limits: .init(mostEntries: 10, mostEntryBytes: 1 << 20, mostBytes: 1 << 20))
        {
            let contents =
                entry.name == "xl/sharedStrings.xml" ? Array(shared.utf8) : try entry.contents.get()
            bytes += try writer.entry(named: entry.name, contents: contents)
        }
        bytes += writer.finish()
        #expect {
            try XLSXWorkbook(bytes)
        } throws: { error in
            "\(error)".contains("xl/sharedStrings.xml") && "\(error)".contains(words)
        }
    }

    @Test func aCellNamingASharedStringThereIsNotIsNamed() throws {
        let bytes = try Self.workbook(sheet: "<row r=\"3\"><c r=\"B3\" t=\"s\"><v>7</v></c></row>")
        #expect(throws: XLSXError.self) { try XLSXWorkbook(bytes) }
        do {
            _ = try XLSXWorkbook(bytes)
        } catch {
            #expect(
                "\(error)"
                    == "xl/worksheets/sheet1.xml: sheet survey, cell B3 names a shared string there is not"
            )
        }
    }

    @Test func whatIsNoSpreadsheetSaysWhatItIs() throws {
        #expect {
            try XLSXWorkbook(Array("type,name\n".utf8))
        } throws: { "\($0)".contains("is not a spreadsheet (.xlsx)") }
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_800_000_000))
        let zip =
            try writer.entry(named: "content.xml", contents: Array("<a/>".utf8)) + writer.finish()
        #expect {
            try XLSXWorkbook(zip)
        } throws: { "\($0)".contains("it has no xl/workbook.xml") }
    }

    @Test func aCellPastTheLastColumnIsRefused() throws {
        let bytes = try Self.workbook(
            sheet:
                "<row r=\"1\"><c r=\"A1\" s=\"1\"/><c r=\"XFD1\" s=\"1\"/></row><row r=\"2\"><c r=\"IW2\" t=\"inlineStr\"><is><t>far</t></is></c></row>"
        )
        #expect {
            try XLSXWorkbook(bytes)
        } throws: { "\($0)".contains("cell IW2 is past column IV") }
    }

    @Test func columnsAreNamedAsASpreadsheetNamesThem() {
        #expect(XLSXWorkbook.columnName(0) == "A")
        #expect(XLSXWorkbook.columnName(25) == "Z")
        #expect(XLSXWorkbook.columnName(26) == "AA")
        #expect(XLSXWorkbook.columnName(255) == "IV")
    }
}
