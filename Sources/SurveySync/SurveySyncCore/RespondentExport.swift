import Foundation
import StoreFailures

/// The respondents of a store as a file to open elsewhere, in id order, streamed a page of the
/// store at a time:
/// - CSV (RFC 4180: CRLF line ends; a cell holding a comma, a quote or a line break quoted, its
///   quotes doubled), UTF-8, with a header of every column: `id` first, then the others by
///   name. A nested map is a column per field, named `group/field` as ODK's CSV names them (a `/`
///   or `\` in a field's own name escaped by a `\`: `RespondentColumnName`); a
///   list is its JSON (`["maize","beans"]`); a number its JSON; a null an empty cell. Writing
///   the header takes a first pass over the store, for the columns; at most `mostColumns`.
/// - JSON Lines: each respondent's JSON (keys in order) on a line of its own.
///
/// For a spreadsheet (`spreadsheet`), the CSV starts with a byte order mark, and a text cell
/// or a column's name that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return) starts with `'` instead, as OWASP advises; numbers stay
/// numbers. Without it, every value is exactly as stored.
public struct RespondentExport: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case csv, jsonl
    }

    /// A store whose respondents have more distinct columns than a CSV of them may.
    public struct TooManyColumns: Error, Equatable, CustomStringConvertible {
        public let limit: Int
        public var description: String {
            "the respondents have more than \(limit) columns: export them as jsonl"
        }
    }

    public static let mostColumns = 10_000

    public let store: any RespondentStore
    public let format: Format
    public var spreadsheet = false
    /// Whether each CSV row ends with the respondent's review and arrival (`reviewColumns`),
    /// from a store that keeps them.
    public var review = false

    /// The columns a reviewed export adds after the fields', named as KoBo names its own
    /// (a `_` first): the review's state, reviewer, time and comment, the sender's user and
    /// device, and when the current version arrived.
    public static let reviewColumns = [
        "_review_state", "_reviewer", "_reviewed_at", "_review_comment", "_sender", "_device",
        "_received_at",
    ]
    /// Respondents read from the store at a time.
    public var pageSize = 1_000

    /// The respondents of a filter only, from a store that keeps reviews and senders; nil:
    /// every respondent.
    public private(set) var filter: (store: any ReviewedRespondentStore, filter: RespondentFilter)?

    public init(store: any RespondentStore, format: Format) {
        self.store = store
        self.format = format
    }

    /// An export of the respondents `filter` takes.
    public init(store: any ReviewedRespondentStore, filter: RespondentFilter, format: Format) {
        self.init(store: store, format: format)
        self.filter = (store, filter)
    }

    /// The media type of the file: `text/csv` or `application/jsonl`.
    public var contentType: String {
        switch format {
        case .csv: "text/csv; charset=utf-8"
        case .jsonl: "application/jsonl"
        }
    }

    /// Writes the whole export to `emit`, a piece of at most a page of respondents at a time.
    /// For CSV, the columns are `known` (what `columns()` found), else found before anything
    /// is written.
    public func write(columns known: [String]? = nil, to emit: ([UInt8]) async throws -> Void)
        async throws
    {
        switch format {
        case .jsonl:
            // Each line the JSON the store keeps, as it stands.
            try await forEachPage { page in
                var piece: [UInt8] = []
                for (_, body) in page {
                    piece += body
                    piece.append(0x0A)
                }
                try await emit(piece)
            }
        case .csv:
            let columns: [String]
            if let known { columns = known } else { columns = try await self.columns() }
            var header: [UInt8] = spreadsheet ? [0xEF, 0xBB, 0xBF] : []
            let reviews = review ? (filter?.store ?? store as? any ReviewedRespondentStore) : nil
            // A column's name is a field's, from outside: guarded as a text cell is.
            Self.appendRow(
                (columns + (reviews == nil ? [] : Self.reviewColumns)).map { ($0, true) },
                spreadsheet: spreadsheet, to: &header)
            try await emit(header)
            // Each row straight from the JSON the store keeps, its values never built.
            let place = Dictionary(
                uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
            var row = [(text: String, isText: Bool)](repeating: ("", false), count: columns.count)
            try await forEachPage { page in
                var piece: [UInt8] = []
                let statuses = try await reviews?.statuses(of: page.map(\.id)) ?? [:]
                for (id, body) in page {
                    for index in row.indices { row[index] = ("", false) }
                    let read = Self.readCells(ofJSON: body) { name, cell in
                        if let index = place[name] { row[index] = cell }
                    }
                    guard read else { throw Self.damaged(id) }
                    guard reviews != nil else {
                        Self.appendRow(row, spreadsheet: spreadsheet, to: &piece)
                        continue
                    }
                    Self.appendRow(
                        row + Self.reviewCells(statuses[id]), spreadsheet: spreadsheet,
                        to: &piece)
                }
                try await emit(piece)
            }
        }
    }

    /// Every column of the store's respondents: `id`, then the others by name. Read from the
    /// JSON the store keeps, its keys alone: no value is built.
    public func columns() async throws -> [String] {
        var found: Set<String> = []
        // Respondents of one survey mostly have the columns of the one before (their JSON's
        // keys are sorted): those are added to the set only when they differ.
        var previous: [String] = []
        var columns: [String] = []
        try await forEachPage { page in
            for (id, body) in page {
                columns.removeAll(keepingCapacity: true)
                guard Self.appendColumns(ofJSON: body, to: &columns) else {
                    throw Self.damaged(id)
                }
                if columns != previous {
                    found.formUnion(columns)
                    swap(&columns, &previous)
                }
                guard found.count <= Self.mostColumns else {
                    throw TooManyColumns(limit: Self.mostColumns)
                }
            }
        }
        found.remove("id")
        return ["id"] + found.sorted()
    }

    /// A respondent's review and arrival as cells of `reviewColumns` (empty without a status).
    static func reviewCells(_ status: RespondentStatus?) -> [(text: String, isText: Bool)] {
        guard let status else { return Array(repeating: ("", false), count: reviewColumns.count) }
        return [
            (status.state.rawValue, true), (status.reviewer ?? "", true),
            (status.reviewedAt.map(timeText) ?? "", false), (status.comment ?? "", true),
            (status.sender.user ?? "", true), (status.sender.device ?? "", true),
            (timeText(status.receivedAt), false),
        ]
    }

    /// A time as the export writes it: RFC 3339 in UTC, to the millisecond.
    public static func timeText(_ date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }

    /// A stored respondent whose JSON cannot be read.
    private static func damaged(_ id: String) -> DamagedRowError {
        DamagedRowError(store: "respondents", key: id, problem: "its JSON cannot be read")
    }

    /// A respondent's fields as cells: each field's text under its column's name.
    public static func cells(of fields: [String: JSONValue]) -> [String: String] {
        var cells: [String: String] = [:]
        func add(_ value: JSONValue, named name: String) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    add(member, named: RespondentColumnName.name(key, in: name))
                }
            case .string(let text): cells[name] = text
            case .null: cells[name] = ""
            default: cells[name] = JSONWriter.string(value)
            }
        }
        for (key, value) in fields { add(value, named: RespondentColumnName.name(key, in: nil)) }
        return cells
    }

    /// Adds the columns of a respondent's JSON object (`{"a":1,"g":{"b":"x"}}` has `a` and
    /// `g/b`) to `found`, reading keys and skipping values, strings' escapes included; false
    /// for bytes that are not one JSON object.
    package static func addColumns(ofJSON body: [UInt8], to found: inout Set<String>) -> Bool {
        var columns: [String] = []
        guard appendColumns(ofJSON: body, to: &columns) else { return false }
        found.formUnion(columns)
        return true
    }

    /// A respondent's cells read from its JSON (each text under its column's name), as
    /// `cells(of:)` gives them from its values; false for bytes that are not one JSON object.
    package static func cells(ofJSON body: [UInt8], into cells: inout [String: String]) -> Bool {
        readCells(ofJSON: body) { name, cell in cells[name] = cell.text }
    }

    /// Hands each leaf of a respondent's JSON to `cell`, with its column's name and whether it
    /// is text; false for bytes that are not one JSON object.
    static func readCells(
        ofJSON body: [UInt8], _ cell: (String, (text: String, isText: Bool)) -> Void
    ) -> Bool {
        var scanner = JSONKeyScanner(body)
        guard scanner.cells(into: cell) else { return false }
        scanner.skipSpace()
        return scanner.atEnd
    }

    /// The same, appending the columns in the order of the JSON's keys.
    static func appendColumns(ofJSON body: [UInt8], to columns: inout [String]) -> Bool {
        var scanner = JSONKeyScanner(body)
        guard scanner.object(named: nil, into: &columns) else { return false }
        scanner.skipSpace()
        return scanner.atEnd
    }

    /// Appends one CSV row: each cell quoted when it holds a comma, a quote or a line break;
    /// for a spreadsheet, a text cell that would be a formula starts with `'`.
    static func appendRow(
        _ cells: [(text: String, isText: Bool)], spreadsheet: Bool, to output: inout [UInt8]
    ) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let bytes = cell.text.utf8
            let guarded =
                spreadsheet && cell.isText
                && bytes.first.map {
                    [
                        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                        0x09, 0x0D,
                    ].contains($0)
                } == true
            let quoted = bytes.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            }
            if quoted { output.append(UInt8(ascii: "\"")) }
            if guarded { output.append(UInt8(ascii: "'")) }
            if quoted {
                for byte in bytes {
                    if byte == UInt8(ascii: "\"") { output.append(byte) }
                    output.append(byte)
                }
                output.append(UInt8(ascii: "\""))
            } else {
                output.append(contentsOf: bytes)
            }
        }
        output += [0x0D, 0x0A]
    }

    /// Each respondent's cells under `columns` (each text, and whether it is text rather than
    /// a number, true/false or null), in id order, a page at a time, with its status when the
    /// export has `review` and the store keeps them: what a writer of another format fills its
    /// rows from.
    package func forEachRow(
        columns: [String],
        _ body: ([(cells: [(text: String, isText: Bool)], status: RespondentStatus?)]) async throws
            -> Void
    ) async throws {
        let reviews = review ? (filter?.store ?? store as? any ReviewedRespondentStore) : nil
        let place = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        try await forEachPage { page in
            let statuses = try await reviews?.statuses(of: page.map(\.id)) ?? [:]
            var rows: [(cells: [(text: String, isText: Bool)], status: RespondentStatus?)] = []
            rows.reserveCapacity(page.count)
            for (id, body) in page {
                var row = [(text: String, isText: Bool)](
                    repeating: ("", false), count: columns.count)
                let read = Self.readCells(ofJSON: body) { name, cell in
                    if let index = place[name] { row[index] = cell }
                }
                guard read else { throw Self.damaged(id) }
                rows.append((row, statuses[id]))
            }
            try await body(rows)
        }
    }

    /// Each page of the export's respondents, in id order, read from the JSON the store keeps.
    package func forEachRespondentPage(_ body: ([Respondent]) async throws -> Void)
        async throws
    {
        try await forEachPage { page in
            var respondents: [Respondent] = []
            respondents.reserveCapacity(page.count)
            for (id, json) in page {
                guard let value = try? JSONParser.parse(json),
                    let respondent = Respondent(json: value)
                else { throw Self.damaged(id) }
                respondents.append(respondent)
            }
            try await body(respondents)
        }
    }

    /// Hands over the JSON of the store's respondents a page at a time, in id order.
    private func forEachPage(_ body: ([(id: String, body: [UInt8])]) async throws -> Void)
        async throws
    {
        var after: String?
        while true {
            let page =
                if let filter {
                    try await filter.store.respondentBodies(
                        matching: filter.filter, limit: pageSize, after: after)
                } else {
                    try await store.respondentBodies(limit: pageSize, after: after)
                }
            if !page.isEmpty { try await body(page) }
            guard page.count == pageSize, let last = page.last else { return }
            after = last.id
        }
    }
}
