import CasebookXLSX
import Foundation
import SurveySyncCore

/// The respondents of an export (`RespondentExport`, its filter and `review`) as an XLSX
/// workbook a spreadsheet opens right: a header of the columns' names, then a row per
/// respondent in id order, each cell typed — text stays text (a phone's `0761780050` keeps its
/// zero, a `=cmd` is never a formula), a JSON number or an answer to an `integer` or `decimal`
/// question a number, true/false a boolean, an answer to a `date` question (`2025-11-02`) a
/// date, the review's times dates and times. With a form, its questions' columns come first,
/// in its order. Written a page at a time: a million rows take no more memory than a page.
public enum RespondentWorkbook {
    public static let contentType =
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    /// Writes the workbook to `emit` a piece at a time; its columns are `known` (what
    /// `export.columns()` found), else found before anything is written.
    public static func write(
        _ export: RespondentExport, form: SurveyForm? = nil, columns known: [String]? = nil,
        to emit: ([UInt8]) async throws -> Void
    ) async throws {
        var columns: [String]
        if let known { columns = known } else { columns = try await export.columns() }
        var kinds: [String: String] = [:]
        if let form {
            let found = Set(columns)
            var ordered = ["id"]
            for (path, field) in form.questions() where !field.isContainer {
                let name = path.joined(separator: "/")
                kinds[name] = field.type
                if found.contains(name), name != "id" { ordered.append(name) }
            }
            let placed = Set(ordered)
            columns = ordered + columns.filter { !placed.contains($0) }
        }
        let reviewed = export.review
        var writer = XLSXWriter(sheet: form?.title ?? "Respondents")
        try await emit(try writer.start())
        let header = columns + (reviewed ? RespondentExport.reviewColumns : [])
        try await emit(try writer.append(header.map { .text($0) }))
        let types = columns.map { kinds[$0] }
        try await export.forEachRow(columns: columns) { rows in
            var piece: [UInt8] = []
            for row in rows {
                var cells = zip(row.cells, types).map { cell($0.0, type: $0.1) }
                if reviewed { cells += reviewCells(row.status) }
                piece += try writer.append(cells)
            }
            if !piece.isEmpty { try await emit(piece) }
        }
        try await emit(try writer.finish())
    }

    /// A cell of a respondent's: typed by its JSON, then by its question's type.
    static func cell(_ value: (text: String, isText: Bool), type: String?) -> XLSXWriter.Cell {
        if !value.isText {
            switch value.text {
            case "", "null": return .empty
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default:
                // A number, else a list or map as its JSON.
                return Double(value.text)?.isFinite == true
                    ? .number(value.text) : .text(value.text)
            }
        }
        switch type {
        case "integer", "decimal", "range":
            if Double(value.text)?.isFinite == true,
                value.text.allSatisfy({ "0123456789-.eE+".contains($0) })
            {
                return .number(value.text)
            }
        case "date":
            if let day = day(value.text) { return .date(day) }
        default: break
        }
        return .text(value.text)
    }

    /// `YYYY-MM-DD` as the start of that day in UTC, nil for anything else.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date) == components
        else { return nil }
        return date
    }

    /// The review's and arrival's cells, in `RespondentExport.reviewColumns`' order.
    static func reviewCells(_ status: RespondentStatus?) -> [XLSXWriter.Cell] {
        guard let status else {
            return Array(repeating: .empty, count: RespondentExport.reviewColumns.count)
        }
        func text(_ value: String?) -> XLSXWriter.Cell { value.map { .text($0) } ?? .empty }
        return [
            .text(status.state.rawValue), text(status.reviewer),
            status.reviewedAt.map { .dateTime($0) } ?? .empty, text(status.comment),
            text(status.sender.user), text(status.sender.device), .dateTime(status.receivedAt),
        ]
    }
}
