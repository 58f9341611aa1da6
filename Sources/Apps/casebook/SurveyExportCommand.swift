import ArgumentParser
import Foundation
import SurveySyncCore
import SurveySyncFiles

/// `casebook survey export`: every respondent the server's store holds, as CSV (a header of
/// every column, nested maps as `group/field`) or JSON Lines, on standard output, streamed a
/// page of the store at a time.
struct SurveyExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the respondents the server's store holds, as CSV or JSON Lines.",
        discussion: """
            The store is the data directory's (what casebook serve keeps), or PostgreSQL's with \
            --database. A ZIP holds a file per respondent, named after its id: the text of the \
            file its current version was read from, or its JSON. CSV follows RFC 4180 in UTF-8: a header of every column (id, then the \
            others by name; a nested map is a column per field, named group/field; a list is \
            its JSON), a row per respondent in id order. --state, --user and --device export \
            only the respondents in that review state, whose current version that user sent \
            from that device; --search those whose answers hold words starting with its words; \
            --from and --to those whose current version arrived from and to those days (UTC, \
            both included); --field name=Ada those whose field has that value.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, jsonl, zip, xlsx
    }

    @Option(
        help:
            "csv, jsonl, zip (a ZIP of the respondents' files), or xlsx (a workbook, each cell typed: text stays text)."
    )
    var format: Format = .csv

    @Option(
        help: ArgumentHelp(
            "For xlsx: the survey's form (XLSForm .xlsx or YAML), whose questions' columns come first, in its order, their answers typed by it.",
            valueName: "file"))
    var form: String?

    @Flag(
        help:
            "A CSV for a spreadsheet: a byte order mark first, and text a spreadsheet would run as a formula (=, +, -, @ first) starting with '."
    )
    var spreadsheet = false

    @Flag(
        help:
            "End each CSV row with the respondent's review and arrival: _review_state, _reviewer, _reviewed_at, _review_comment, _sender, _device, _received_at (UTC)."
    )
    var review = false

    @Option(
        help: "Only respondents in this review state: received, has-issues, approved or rejected.")
    var state: ReviewState?

    @Option(help: "Only respondents whose current version this user sent.")
    var user: String?

    @Option(help: "Only respondents whose current version came from this device (a token's label).")
    var device: String?

    @Option(
        help: "Only respondents found by these words (each the start of a word of their answers).")
    var search: String?

    @Option(
        help: ArgumentHelp(
            "Only respondents whose field has a value: COLUMN=VALUE (a nested field as group/field).",
            valueName: "column=value"))
    var field: String?

    @Option(help: "Only respondents that arrived on this day (YYYY-MM-DD, UTC) or later.")
    var from: ReceivedDay?

    @Option(help: "Only respondents that arrived on this day (YYYY-MM-DD, UTC) or earlier.")
    var to: ReceivedDay?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if field != nil, fieldValue == nil {
            throw ValidationError("--field is COLUMN=VALUE, as name=Ada")
        }
    }

    /// The `--field` asked for, read at its first `=`.
    var fieldValue: RespondentFieldValue? {
        guard let field, let equals = field.firstIndex(of: "="), equals != field.startIndex
        else { return nil }
        return RespondentFieldValue(
            column: String(field[..<equals]), value: String(field[field.index(after: equals)...]))
    }

    func run() async throws {
        try await FailureReport.run("survey export") {
            let archived = format == .zip
            let workbook = format == .xlsx
            let surveyForm = try form.map { try SurveyFormFile.form(atPath: $0) }
            let format = RespondentExport.Format(rawValue: format.rawValue) ?? .csv
            let spreadsheet = spreadsheet
            let review = review
            var filter = RespondentFilter(
                state: state, user: user, device: device,
                search: try search.flatMap { try RespondentSearch($0) },
                receivedFrom: from?.start, receivedBefore: to?.end)
            filter.field = fieldValue
            try await CommandServices.withRespondents(
                data: data, database: try database.url()
            ) { store in
                var output = OutputBuffer()
                if archived {
                    try await RespondentArchive(store: store, filter: filter).write { piece in
                        output.bytes += piece
                        try output.flushIfFull()
                    }
                    try output.flush()
                    return
                }
                var export =
                    filter == RespondentFilter()
                    ? RespondentExport(store: store, format: format)
                    : RespondentExport(store: store, filter: filter, format: format)
                export.spreadsheet = spreadsheet
                export.review = review
                if workbook {
                    guard isatty(STDOUT_FILENO) == 0 else {
                        throw FailureReport.Message(
                            "--format xlsx: a workbook is no text to show; write it to a file: > respondents.xlsx"
                        )
                    }
                    try await RespondentWorkbook.write(export, form: surveyForm) { piece in
                        output.bytes += piece
                        try output.flushIfFull()
                    }
                    try output.flush()
                    return
                }
                try await export.write { piece in
                    output.bytes += piece
                    try output.flushIfFull()
                }
                try output.flush()
            }
        }
    }
}

extension ReviewState: ExpressibleByArgument {}

extension ReceivedDay: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
