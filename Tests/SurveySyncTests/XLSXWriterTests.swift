import CasebookXLSX
import CasebookZip
import Foundation
import Testing

/// A workbook written a row at a time reads back whole: by the workbook reader the forms use,
/// its sheet deflated in pieces through a ZIP entry streamed with its sizes after it.
@Suite("Workbooks written a row at a time")
struct XLSXWriterTests {
    @Test func everyCellReadsBackAsWrittenAcrossManyPieces() throws {
        var writer = XLSXWriter(sheet: "Household: [2026]")
        var file = try writer.start()
        let awkward = "a & b < c > \"d\" _x0041_ tab\tbell\u{7} Zoë 🌊\r\nend"
        file += try writer.append([.text("id"), .text("note"), .text("size"), .text("ok")])
        for row in 1...15_000 {
            file += try writer.append([
                .text("h\(row)"), .text(row == 7 ? awkward : "0761780050"), .number("\(row)"),
                .boolean(row % 2 == 0),
            ])
        }
        file += try writer.finish()
        let workbook = try XLSXWorkbook(file)
        let sheet = try #require(workbook.sheets.first)
        #expect(sheet.name == "Household 2026")
        #expect(sheet.rows.count == 15_001)
        #expect(sheet.rows[0].cells == ["id", "note", "size", "ok"])
        // A control character, and a `_x` that would read as one, as SpreadsheetML escapes
        // them (Excel and LibreOffice read them back; the reader, as openpyxl, shows them).
        #expect(
            sheet.rows[7].cells[1]
                == "a & b < c > \"d\" _x005F_x0041_ tab\tbell_x0007_ Zoë 🌊_x000D_\nend")
        #expect(sheet.rows[1].cells[1] == "0761780050")
        #expect(sheet.rows[15_000].cells[0] == "h15000")
        #expect(sheet.rows[15_000].cells[2] == "15000")
    }

    @Test func aStreamedEntryReadsBackWithItsChecksum() throws {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_800_000_000))
        var zip = try writer.entry(named: "first.txt", contents: Array("small".utf8))
        zip += try writer.start(named: "big.txt")
        var expected: [UInt8] = []
        for piece in 0..<50 {
            let bytes = Array(String(repeating: "piece \(piece) ", count: 2_000).utf8)
            expected += bytes
            zip += try writer.add(bytes)
        }
        zip += try writer.end()
        zip += writer.finish()
        let entries = try ZipReader.entries(
            in: zip, limits: .init(mostEntries: 10, mostEntryBytes: 1 << 24, mostBytes: 1 << 25))
        #expect(entries.map(\.name) == ["first.txt", "big.txt"])
        #expect(try entries[1].contents.get() == expected)
        #expect(zip.count < expected.count / 10, "deflated")
    }

    @Test func aColumnPastZIsNamedAsSpreadsheetsNameIt() throws {
        var writer = XLSXWriter(sheet: "S")
        var file = try writer.start()
        file += try writer.append((0..<30).map { .text("c\($0)") })
        file += try writer.finish()
        let row = try #require(try XLSXWorkbook(file).sheets.first?.rows.first)
        #expect(row.cells.count == 30 && row.cells[29] == "c29")
    }
}
