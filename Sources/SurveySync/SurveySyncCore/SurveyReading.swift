/// The walk through a form's survey sheet (`SurveyFormReader`): each row a field, `begin
/// group` to `end group` (and repeats and loops) the fields inside one, every refusal naming the
/// row and column.
struct SurveyReading {
    let sheet: SurveyFormSheet
    private(set) var choices: [String: [SurveyForm.Choice]]
    private(set) var fields: [SurveyFormField] = []
    /// The groups, repeats and loops begun and not yet ended, outermost first.
    private var open: [SurveyFormField] = []
    private var count = 0
    private var columns: [Int: SurveyFormReader.Column] = [:]

    /// Whether runs of spaces in a cell read as one (the settings' `clean_text_values`, yes
    /// unless it says no), as pyxform reads them.
    private let cleansText: Bool
    /// Whether a group's fields take its `relevant` (the settings' `flat`).
    private let flat: Bool

    init(
        sheet: SurveyFormSheet, choices: [String: [SurveyForm.Choice]], cleansText: Bool = true,
        flat: Bool = false
    ) {
        self.sheet = sheet
        self.choices = choices
        self.cleansText = cleansText
        self.flat = flat
    }

    /// Typographic quotes as the plain ones an expression needs, as pyxform reads them.
    static let plainQuotes: [Character: Character] = [
        "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
    ]

    /// The simple types, with the older or other spellings pyxform reads as each.
    static let simpleTypes: [String: String] = {
        var types: [String: String] = [:]
        for type in [
            "text", "integer", "decimal", "date", "time", "datetime", "geopoint", "geotrace",
            "geoshape", "image", "audio", "video", "file", "barcode", "note", "calculate",
            "acknowledge", "range", "hidden", "start", "end", "today", "deviceid", "phonenumber",
            "username", "email", "simserial", "subscriberid", "audit", "background-audio",
            "background-geopoint", "start-geopoint", "xml-external", "csv-external",
        ] {
            types[type] = type
        }
        let aliases = [
            "string": "text", "int": "integer", "photo": "image", "date time": "datetime",
            "location": "geopoint", "gps": "geopoint", "trigger": "acknowledge",
            "phone number": "phonenumber", "device id": "deviceid", "imei": "deviceid",
            "sim id": "simserial", "subscriber id": "subscriberid", "start time": "start",
            "end time": "end", "uri:deviceid": "deviceid", "uri:email": "email",
            "uri:phonenumber": "phonenumber", "uri:simserial": "simserial",
            "uri:subscriberid": "subscriberid", "uri:username": "username",
            "get device id": "deviceid", "get end time": "end", "get phone number": "phonenumber",
            "get sim id": "simserial", "get start time": "start",
            "get subscriber id": "subscriberid",
            "get today": "today", "percentage": "integer",
        ]
        for (alias, type) in aliases { types[alias] = type }
        return types
    }()

    mutating func read() throws(SurveyFormError) {
        guard let header = sheet.rows.first else {
            throw SurveyFormError("\(sheet.name) sheet: it is empty")
        }
        columns = try SurveyFormReader.columns(
            of: header, sheet: sheet.name, aliases: SurveyFormReader.surveyAliases)
        guard let typeColumn = columns.first(where: { $0.value.key == "type" })?.key else {
            throw SurveyFormError("\(sheet.name) sheet: it has no type column")
        }
        for row in sheet.rows.dropFirst() {
            try read(row, typeColumn: typeColumn)
        }
        if let unended = open.last {
            throw SurveyFormError(
                sheet: sheet.name, row: unended.row,
                "the \(unended.type) \(unended.name) is begun and never ended (end \(unended.type))"
            )
        }
    }

    private func cell(_ row: SurveyFormSheet.Row, _ index: Int) -> String {
        guard index < row.cells.count else { return "" }
        var text = String(
            row.cells[index].map { $0 == "\u{A0}" ? " " : Self.plainQuotes[$0] ?? $0 })
        if cleansText, text.contains(where: \.isWhitespace) {
            text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return text.trimmingWhitespace
    }

    private func column(named key: String) -> Int? {
        columns.first(where: { $0.value.key == key && $0.value.language == nil })?.key
    }

    private mutating func read(_ row: SurveyFormSheet.Row, typeColumn: Int) throws(SurveyFormError)
    {
        let typeText = cell(row, typeColumn)
        let nameColumn = column(named: "name")
        let name = nameColumn.map { cell(row, $0) } ?? ""
        func fault(_ column: Int, _ header: String, _ reason: String) -> SurveyFormError {
            SurveyFormError(
                sheet: sheet.name, row: row.number, column: column, header: header, reason)
        }
        guard !typeText.isEmpty else {
            if !name.isEmpty {
                throw fault(typeColumn, "type", "the field \(name) has no type")
            }
            return
        }
        let words = typeText.split(whereSeparator: \.isWhitespace).map(String.init)
        let lowered = words.map { $0.lowercased() }
        // The end of a group, repeat or loop.
        if let kind = Self.ending(lowered) {
            guard let begun = open.popLast() else {
                throw fault(typeColumn, "type", "end \(kind) with no begin \(kind) before it")
            }
            guard begun.type == kind else {
                throw fault(
                    typeColumn, "type",
                    "end \(kind) where the \(begun.type) \(begun.name) (row \(begun.row)) is to end"
                )
            }
            add(withLabelRow(begun))
            return
        }
        guard let nameColumn, !name.isEmpty else {
            throw fault(nameColumn ?? typeColumn, "name", "the \(typeText) field has no name")
        }
        guard Self.isValidName(name) else {
            throw fault(
                nameColumn, "name",
                "\(name) is not a name a form can use: a letter or _ first, then letters, digits, _, - or ."
            )
        }
        var field = try Self.field(
            type: words, lowered: lowered, name: name, row: row.number,
            fault: { fault(typeColumn, "type", $0) })
        if let list = field.list, field.type != "select_one_external", field.type != "osm" {
            guard choices[list] != nil else {
                throw fault(typeColumn, "type", "the list \(list) is not in the choices sheet")
            }
        }
        count += 1
        guard count <= SurveyFormReader.mostFields else {
            throw fault(
                nameColumn, "name", "the form has more than \(SurveyFormReader.mostFields) fields")
        }
        for (index, column) in columns {
            let text = cell(row, index)
            guard !text.isEmpty else { continue }
            let language = column.language ?? "default"
            switch column.key {
            case "label": field.labels[language] = text
            case "hint": field.hints[language] = text
            case "required":
                field.required =
                    SurveyFormReader.isYes(text)
                    ? "true()" : (SurveyFormReader.isNo(text) ? nil : text)
            case "required_message": field.requiredMessages[language] = text
            case "constraint": field.constraint = text
            case "constraint_message": field.constraintMessages[language] = text
            case "relevant": field.relevant = text
            case "calculation": field.calculation = text
            case "appearance": field.appearance = text
            case "choice_filter": field.choiceFilter = text
            case "repeat_count": field.repeatCount = text
            default: break
            }
        }
        let orOther = lowered.last == "or_other" || lowered.suffix(3) == ["or", "specify", "other"]
        try checkUnique(name, row: row.number, column: nameColumn)
        if flat, !field.isContainer, field.relevant == nil,
            let group = open.last(where: { $0.relevant != nil })?.relevant
        {
            field.relevant = group
        }
        if field.isContainer {
            // A count that is an expression is worked out in a field of its own before the
            // repeat, as pyxform makes one.
            if field.type == "repeat", let count = field.repeatCount, !Self.isReference(count) {
                try checkUnique(name + "_count", row: row.number, column: nameColumn)
                var counter = SurveyFormField(
                    name: name + "_count", type: "calculate", row: row.number)
                counter.calculation = count
                add(counter)
            }
            guard open.count < SurveyFormReader.mostDepth else {
                throw fault(
                    typeColumn, "type", "groups nest more than \(SurveyFormReader.mostDepth) deep")
            }
            open.append(field)
            if orOther, let list = field.list { addOther(to: list) }
            return
        }
        add(field)
        if orOther, let list = field.list {
            addOther(to: list)
            var other = SurveyFormField(name: name + "_other", type: "text", row: row.number)
            other.labels["default"] = "Specify other."
            other.relevant = "selected(${\(name)}, 'other')"
            add(other)
        }
    }

    /// `or_other`'s choice, once per list.
    private mutating func addOther(to list: String) {
        guard choices[list]?.contains(where: { $0.name == "other" }) == false else { return }
        choices[list]?.append(SurveyForm.Choice(name: "other", labels: ["default": "Other"]))
    }

    private func checkUnique(_ name: String, row: Int, column: Int) throws(SurveyFormError) {
        let siblings = open.last?.children ?? fields
        if let same = siblings.first(where: { $0.name.lowercased() == name.lowercased() }) {
            throw SurveyFormError(
                sheet: sheet.name, row: row, column: column, header: "name",
                "the name \(name) is taken already (row \(same.row)) in the same group")
        }
    }

    private mutating func add(_ field: SurveyFormField) {
        if open.isEmpty {
            fields.append(field)
        } else {
            open[open.count - 1].children.append(field)
        }
    }

    /// A `table-list` group with the row of labels pyxform puts first: a field of the first
    /// question's type and list, named after that question's row.
    func withLabelRow(_ group: SurveyFormField) -> SurveyFormField {
        guard group.type == "group", group.appearance?.contains("table-list") == true,
            let first = group.children.first, let list = first.list
        else { return group }
        var group = group
        var labels = SurveyFormField(
            name: "reserved_name_for_field_list_labels_\(first.row)", type: first.type,
            row: first.row)
        labels.list = list
        labels.appearance = "label"
        // Under `flat`, as its question, its group's rule.
        if flat { labels.relevant = first.relevant }
        group.children.insert(labels, at: 0)
        return group
    }

    /// The kind of container a type ends (`end group`, `end_repeat`, `end loop`), if it does.
    static func ending(_ words: [String]) -> String? {
        let joined = words.joined(separator: " ").replacingUnderscore
        for kind in ["group", "repeat", "loop"] where joined == "end \(kind)" {
            return kind
        }
        return nil
    }

    /// The field a type cell's words make.
    static func field(
        type words: [String], lowered: [String], name: String, row: Int,
        fault: (String) -> SurveyFormError
    ) throws(SurveyFormError) -> SurveyFormField {
        var lowered = lowered
        if lowered.last == "or_other" {
            lowered.removeLast()
        } else if lowered.suffix(3) == ["or", "specify", "other"] {
            lowered.removeLast(3)
        }
        let text = lowered.joined(separator: " ")
        let original = words.prefix(lowered.count)
        func last() -> String? { lowered.count >= 2 ? String(original.last!) : nil }
        // Containers.
        switch text.replacingUnderscore {
        case "begin group": return SurveyFormField(name: name, type: "group", row: row)
        case "begin repeat": return SurveyFormField(name: name, type: "repeat", row: row)
        default: break
        }
        if lowered.count == 4, lowered[0] == "begin", lowered[1] == "loop", lowered[2] == "over" {
            var field = SurveyFormField(name: name, type: "loop", row: row)
            field.list = String(original.last!)
            return field
        }
        // Choices from a file.
        for (prefix, type) in [
            ("select_one_from_file ", "select_one_from_file"),
            ("select one from file ", "select_one_from_file"),
            ("select_multiple_from_file ", "select_multiple_from_file"),
            ("select multiple from file ", "select_multiple_from_file"),
        ] where text.hasPrefix(prefix) {
            var field = SurveyFormField(name: name, type: type, row: row)
            field.file = last()
            return field
        }
        // Choices from a list.
        let selects: [(String, String)] = [
            ("select all that apply from ", "select_multiple"),
            ("select multiple from ", "select_multiple"),
            ("select multiple using ", "select_multiple"),
            ("select all that apply ", "select_multiple"), ("select_multiple ", "select_multiple"),
            ("select one external ", "select_one_external"),
            ("select_one_external ", "select_one_external"),
            ("select one from ", "select_one"), ("select one using ", "select_one"),
            ("select one ", "select_one"), ("select_one ", "select_one"),
            ("select1 ", "select_one"), ("rank ", "rank"), ("osm ", "osm"),
        ]
        for (prefix, type) in selects where text.hasPrefix(prefix) {
            guard let list = last(), text.dropFirst(prefix.count).split(separator: " ").count == 1
            else {
                throw fault("the type \(words.joined(separator: " ")) names more than one list")
            }
            var field = SurveyFormField(name: name, type: type, row: row)
            field.list = list
            return field
        }
        if let type = simpleTypes[text] ?? simpleTypes[lowered.joined(separator: " ")] {
            return SurveyFormField(name: name, type: type, row: row)
        }
        if ["select_one", "select_multiple", "select one", "rank", "select all that apply"]
            .contains(text)
        {
            throw fault("the type \(text) names no choice list (\(text) yes_no)")
        }
        throw fault("\(words.joined(separator: " ")) is not a type XLSForm knows")
    }

    /// Whether `text` is `${name}` alone.
    static func isReference(_ text: String) -> Bool {
        text.hasPrefix("${") && text.hasSuffix("}")
            && SurveyFormReader.references(in: text).count == 1
            && !text.dropFirst(2).contains("$")
    }

    /// Whether `name` is an XML name without a prefix, as a form's names must be.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }
}

extension String {
    /// `end_group` as `end group`.
    fileprivate var replacingUnderscore: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
