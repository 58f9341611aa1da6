import CasebookFileSystem
import CasebookXLSX
import SurveySyncCore

/// A form definition as a file holds it: an XLSForm spreadsheet (`.xlsx`, told by its bytes,
/// a ZIP), or the same sheets as YAML (`SurveyFormReader.form(yaml:)`). Its name without the
/// extension is the form's id and title when its settings give none.
public enum SurveyFormFile {
    /// The most a form file may be.
    public static let mostBytes = 16 << 20

    /// The form the file at `path` defines.
    public static func form(atPath path: String) throws -> SurveyForm {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(atPath: path, limit: mostBytes, followingSymlink: true)
        } catch {
            throw SurveyFormError("\(path): \(error)")
        }
        let name = String(path.split(separator: "/").last ?? "form")
        return try form(bytes, fileName: name)
    }

    /// The form the file `bytes`, named `fileName`, defines.
    public static func form(_ bytes: [UInt8], fileName: String) throws(SurveyFormError)
        -> SurveyForm
    {
        let stem =
            fileName.split(separator: ".").count > 1
            ? String(fileName[..<fileName.lastIndex(of: ".")!]) : fileName
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let workbook: XLSXWorkbook
            do {
                workbook = try XLSXWorkbook(bytes)
            } catch {
                throw SurveyFormError("\(fileName): \(error)")
            }
            let sheets = workbook.sheets.map { sheet in
                SurveyFormSheet(
                    name: sheet.name,
                    rows: sheet.rows.map { SurveyFormSheet.Row(number: $0.number, cells: $0.cells) }
                )
            }
            return try SurveyFormReader.form(sheets: sheets, fileName: stem)
        }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) {
            throw SurveyFormError(
                "\(fileName) is an older Excel file (.xls): save it as .xlsx (Excel Workbook) and try again"
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self), !text.contains("\0") else {
            throw SurveyFormError(
                "\(fileName) is neither a spreadsheet (.xlsx) nor a YAML text in UTF-8")
        }
        return try SurveyFormReader.form(yaml: text, fileName: stem)
    }
}
