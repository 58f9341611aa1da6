import CasebookJSON
import CasebookYAML
import Foundation

/// Reads a form definition as XLSForm writes one (the sheets `survey`, `choices` and
/// `settings`, named in any case), as pyxform, XLSForm's reference reader, reads it: the same
/// columns and their aliases (`label::English (en)`, `label:english`, `relevance`,
/// `list name`), the same types and their older spellings (`select one from yes_no`, `int`,
/// `begin loop over`), `or_other` adding its choice and its text field, and the same refusals
/// (an unknown type, a group never ended, a list not in the choices, a duplicate name or column,
/// a `${name}` that names no field), each naming the sheet, the row and the column.
public enum SurveyFormReader {
    /// The most fields a form may have.
    public static let mostFields = 5_000
    /// The deepest groups and repeats may nest.
    public static let mostDepth = 16

    /// The form the sheets define; `fileName` (without its extension) is its id and title when
    /// its settings give none.
    public static func form(sheets: [SurveyFormSheet], fileName: String) throws(SurveyFormError)
        -> SurveyForm
    {
        func sheet(_ name: String) -> SurveyFormSheet? {
            sheets.first { $0.name.lowercased() == name }
        }
        guard let survey = sheet("survey") ?? (sheets.count == 1 ? sheets.first : nil) else {
            throw SurveyFormError(
                "the form has no survey sheet (its sheets: \(sheets.map(\.name).joined(separator: ", ")))"
            )
        }
        var settings: [String: String] = [:]
        if let sheet = sheet("settings") { settings = try Self.settings(sheet) }
        let allowsDuplicates = Self.isYes(settings["allow_choice_duplicates"] ?? "")
        var lists: [String: [SurveyForm.Choice]] = [:]
        if let choices = sheet("choices") {
            lists = try Self.choices(choices, allowingDuplicates: allowsDuplicates).lists
        }
        var reading = SurveyReading(
            sheet: survey, choices: lists,
            cleansText: !isNo(settings["clean_text_values"] ?? "yes"),
            flat: isYes(settings["flat"] ?? ""))
        try reading.read()
        var form = SurveyForm(
            id: nonEmpty(settings["form_id"]) ?? fileName,
            title: nonEmpty(settings["form_title"]) ?? fileName,
            version: nonEmpty(settings["version"]),
            defaultLanguage: nonEmpty(settings["default_language"]),
            fields: reading.fields, choices: reading.choices)
        try Self.checkReferences(in: &form, sheet: survey.name)
        return form
    }

    /// The form a YAML text defines: the same sheets as lists of rows, each a map from column
    /// to cell (`survey: [{type: integer, name: age, label: Age}]`, `choices: […]`) and
    /// `settings` one map.
    public static func form(yaml text: String, fileName: String) throws(SurveyFormError)
        -> SurveyForm
    {
        let document: YAMLDocument?
        do {
            document = try YAMLReader.read(text, typingPlainScalars: false)
        } catch {
            throw SurveyFormError("the form is not YAML: \(error)")
        }
        guard case .object(let top)? = document?.root else {
            throw SurveyFormError("the form is a map of sheets: survey, choices and settings")
        }
        var sheets: [SurveyFormSheet] = []
        for (name, value) in top.sorted(by: { $0.key < $1.key }) {
            let rows: [JSONValue]
            switch value {
            case .array(let list): rows = list
            case .object: rows = [value]
            default: throw SurveyFormError("the sheet \(name) is not a list of rows")
            }
            var header: [String] = []
            var maps: [[String: String]] = []
            for (index, row) in rows.enumerated() {
                guard case .object(let cells) = row else {
                    throw SurveyFormError("\(name) sheet, row \(index + 2): it is not a map")
                }
                var map: [String: String] = [:]
                for (key, cell) in cells.sorted(by: { $0.key < $1.key }) {
                    if !header.contains(key) { header.append(key) }
                    switch cell {
                    case .string(let text): map[key] = text
                    case .null: break
                    case .object, .array:
                        throw SurveyFormError(
                            "\(name) sheet, row \(index + 2), column \(key): a cell is one value")
                    default: map[key] = JSONWriter.string(cell)
                    }
                }
                maps.append(map)
            }
            let body = maps.enumerated().map { index, map in
                SurveyFormSheet.Row(number: index + 2, cells: header.map { map[$0] ?? "" })
            }
            sheets.append(
                SurveyFormSheet(
                    name: name, rows: [SurveyFormSheet.Row(number: 1, cells: header)] + body))
        }
        return try form(sheets: sheets, fileName: fileName)
    }

    // MARK: - Columns

    /// A column of a sheet: what it is (`label`, `required`…) and, for the columns a language
    /// translates, which language (nil for none).
    struct Column: Equatable {
        let key: String
        let language: String?
    }

    /// The columns a header row names, by index; a blank header's column is not read.
    static func columns(of header: SurveyFormSheet.Row, sheet: String, aliases: [String: String])
        throws(SurveyFormError) -> [Int: Column]
    {
        var columns: [Int: Column] = [:]
        var seen: [String: Int] = [:]
        for (index, text) in header.cells.enumerated() {
            let trimmed = text.trimmingWhitespace
            guard !trimmed.isEmpty else { continue }
            let column = Self.column(trimmed, aliases: aliases)
            let key = column.key + "::" + (column.language ?? "")
            if seen[key] != nil {
                throw SurveyFormError(
                    sheet: sheet, row: header.number, column: index, header: trimmed,
                    "the column \(trimmed) is there twice")
            }
            seen[key] = index
            columns[index] = column
        }
        return columns
    }

    /// The columns whose cells a language translates.
    static let translated: Set<String> = [
        "label", "hint", "guidance_hint", "constraint_message", "required_message", "image",
        "big-image", "audio", "video",
    ]

    static func column(_ text: String, aliases: [String: String]) -> Column {
        // `label::English (en)`, and the older `label:English`.
        var parts = text.components(separatedBy: "::")
        if parts.count == 1, let colon = text.firstIndex(of: ":"),
            translated.contains(String(text[..<colon]).lowercased())
        {
            parts = [String(text[..<colon]), String(text[text.index(after: colon)...])]
        }
        var key = parts[0].trimmingWhitespace.lowercased()
        key = aliases[key] ?? key
        if key == "media", parts.count >= 3 {
            return Column(key: parts[1].lowercased(), language: parts[2...].joined(separator: "::"))
        }
        if key == "bind", parts.count >= 2 {
            let bound = parts[1].lowercased()
            return Column(key: aliases[bound] ?? bound, language: nil)
        }
        guard parts.count >= 2, translated.contains(key) else {
            return Column(key: parts.count >= 2 ? text.lowercased() : key, language: nil)
        }
        return Column(key: key, language: parts[1...].joined(separator: "::").trimmingWhitespace)
    }

    static let surveyAliases: [String: String] = [
        "caption": "label", "relevance": "relevant", "constraining_message": "constraint_message",
        "jr:constraintmsg": "constraint_message", "requiredmsg": "required_message",
        "jr:requiredmsg": "required_message", "calculate": "calculation", "readonly": "read_only",
        "count": "repeat_count", "jr:count": "repeat_count", "command": "type", "tag": "name",
        "value": "name",
    ]

    static let choiceAliases: [String: String] = [
        "list name": "list_name", "caption": "label", "value": "name",
    ]

    // MARK: - Settings and choices

    static func settings(_ sheet: SurveyFormSheet) throws(SurveyFormError) -> [String: String] {
        guard let header = sheet.rows.first, sheet.rows.count > 1 else { return [:] }
        let columns = try columns(
            of: header, sheet: sheet.name,
            aliases: ["set_form_title": "form_title", "set_form_id": "form_id"])
        var settings: [String: String] = [:]
        let row = sheet.rows[1]
        for (index, column) in columns where column.language == nil {
            let cell = index < row.cells.count ? row.cells[index].trimmingWhitespace : ""
            if !cell.isEmpty { settings[column.key] = cell }
        }
        return settings
    }

    static func choices(_ sheet: SurveyFormSheet, allowingDuplicates: Bool)
        throws(SurveyFormError) -> (lists: [String: [SurveyForm.Choice]], order: [String])
    {
        guard let header = sheet.rows.first else { return ([:], []) }
        let columns = try columns(of: header, sheet: sheet.name, aliases: choiceAliases)
        guard let listColumn = columns.first(where: { $0.value.key == "list_name" })?.key else {
            throw SurveyFormError("\(sheet.name) sheet: it has no list_name column")
        }
        guard let nameColumn = columns.first(where: { $0.value.key == "name" })?.key else {
            throw SurveyFormError("\(sheet.name) sheet: it has no name column")
        }
        var lists: [String: [SurveyForm.Choice]] = [:]
        var order: [String] = []
        for row in sheet.rows.dropFirst() {
            func cell(_ index: Int) -> String {
                index < row.cells.count ? row.cells[index].trimmingWhitespace : ""
            }
            let list = cell(listColumn)
            let name = cell(nameColumn)
            if list.isEmpty && name.isEmpty { continue }
            guard !list.isEmpty else {
                throw SurveyFormError(
                    sheet: sheet.name, row: row.number, column: listColumn, header: "list_name",
                    "the choice \(name) has no list")
            }
            guard !name.isEmpty else {
                throw SurveyFormError(
                    sheet: sheet.name, row: row.number, column: nameColumn, header: "name",
                    "a choice of the list \(list) has no name")
            }
            if !allowingDuplicates, lists[list, default: []].contains(where: { $0.name == name }) {
                throw SurveyFormError(
                    sheet: sheet.name, row: row.number, column: nameColumn, header: "name",
                    "the list \(list) has the choice \(name) twice (allow_choice_duplicates in the settings allows it)"
                )
            }
            var labels: [String: String] = [:]
            for (index, column) in columns where column.key == "label" {
                let text = cell(index)
                if !text.isEmpty { labels[column.language ?? "default"] = text }
            }
            if lists[list] == nil { order.append(list) }
            lists[list, default: []].append(SurveyForm.Choice(name: name, labels: labels))
        }
        return (lists, order)
    }

    // MARK: - References

    /// Refuses a `${name}` that names no field, in any expression or label.
    static func checkReferences(in form: inout SurveyForm, sheet: String) throws(SurveyFormError) {
        let names = Set(form.questions().map(\.field.name))
        for (_, field) in form.questions() {
            let texts: [(String, String?)] =
                [
                    ("relevant", field.relevant), ("constraint", field.constraint),
                    ("required", field.required), ("calculation", field.calculation),
                    ("choice_filter", field.choiceFilter), ("repeat_count", field.repeatCount),
                ] + field.labels.map { ("label", $0.value) }
                + field.hints.map { ("hint", $0.value) }
            for (column, text) in texts {
                guard let text else { continue }
                for name in references(in: text) where !names.contains(name) {
                    throw SurveyFormError(
                        sheet: sheet, row: field.row,
                        "the \(column) of \(field.name) names ${\(name)}, and no field is named \(name)"
                    )
                }
            }
        }
    }

    /// The names `${name}` references in `text` name.
    static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "}") else { break }
            names.append(String(rest[..<end]).trimmingWhitespace)
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    static func isYes(_ text: String) -> Bool {
        ["yes", "true", "true()", "1"].contains(text.trimmingWhitespace.lowercased())
    }

    /// Whether a cell says no as XLSForm's yes-or-no columns do (an empty cell is not a no).
    static func isNo(_ text: String) -> Bool {
        ["no", "false", "false()", "0"].contains(text.trimmingWhitespace.lowercased())
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace, !text.isEmpty else { return nil }
        return text
    }
}

extension String {
    /// Without spaces, tabs or line breaks at either end.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
            return ""
        }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
