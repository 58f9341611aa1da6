import Foundation
import SurveySyncCore
import Testing

/// The respondents as a file to open elsewhere: CSV (RFC 4180) whose header is the fields'
/// names, nested maps flattened as `group/field` (as ODK's CSV has them), one row per
/// respondent in id order; or JSON Lines, one respondent's JSON per line. Streamed a page of
/// the store at a time.
@Suite("Exporting respondents")
struct RespondentExportTests {
    static func export(
        _ respondents: [Respondent], format: RespondentExport.Format, spreadsheet: Bool = false,
        pageSize: Int = 1_000
    ) async throws -> String {
        let store = InMemoryRespondentStore()
        _ = try await store.upsert(respondents)
        var export = RespondentExport(store: store, format: format)
        export.spreadsheet = spreadsheet
        export.pageSize = pageSize
        let output = Output()
        try await export.write { await output.append($0) }
        return String(decoding: await output.bytes, as: UTF8.self)
    }

    actor Output {
        var bytes: [UInt8] = []
        func append(_ piece: [UInt8]) { bytes += piece }
    }

    /// An export of a filter holds the respondents it takes, its columns theirs alone.
    @Test func anExportOfAFilterHoldsWhatTheFilterTakes() async throws {
        let store = InMemoryRespondentStore()
        let phone = RespondentSender(user: "sara", device: "phone")
        _ = try await store.upsert(
            [
                Respondent(id: "a", fields: ["id": "a", "x": 1]),
                Respondent(id: "c", fields: ["id": "c", "x": 3]),
            ],
            from: phone)
        _ = try await store.upsert([Respondent(id: "b", fields: ["id": "b", "y": 2])])
        try await store.setReview(.approved, of: ["c"], by: "ines", comment: nil)
        var export = RespondentExport(
            store: store, filter: RespondentFilter(user: "sara"), format: .csv)
        export.pageSize = 1
        let output = Output()
        try await export.write { await output.append($0) }
        #expect(String(decoding: await output.bytes, as: UTF8.self) == "id,x\r\na,1\r\nc,3\r\n")
        let approved = RespondentExport(
            store: store, filter: RespondentFilter(state: .approved), format: .jsonl)
        let lines = Output()
        try await approved.write { await lines.append($0) }
        #expect(String(decoding: await lines.bytes, as: UTF8.self) == #"{"id":"c","x":3}"# + "\n")
    }

    /// With `review`, each row ends with the respondent's review and arrival, as ODK's and
    /// KoBo's exports carry them (`_review_state`, `_reviewer`, `_reviewed_at`,
    /// `_review_comment`, `_sender`, `_device`, `_received_at`), times in UTC (RFC 3339); a
    /// page of statuses is read with its page of respondents.
    @Test func aReviewedExportEndsEachRowWithItsReviewAndArrival() async throws {
        let store = InMemoryRespondentStore()
        let phone = RespondentSender(user: "sara", device: "phone-2")
        _ = try await store.upsert(
            [
                Respondent(id: "a", fields: ["id": "a", "x": 1]),
                Respondent(id: "b", fields: ["id": "b", "x": 2]),
            ],
            from: phone)
        try await store.setReview(
            .rejected, of: ["b"], by: "ines", comment: "=age, not \"forty\"")
        let statuses = try await store.statuses(of: ["a", "b"])
        var export = RespondentExport(store: store, format: .csv)
        export.review = true
        export.spreadsheet = true
        export.pageSize = 1
        let output = Output()
        try await export.write { await output.append($0) }
        let a = try #require(statuses["a"])
        let b = try #require(statuses["b"])
        #expect(
            String(decoding: await output.bytes, as: UTF8.self)
                == "\u{FEFF}id,x,_review_state,_reviewer,_reviewed_at,_review_comment,_sender,_device,_received_at\r\n"
                + "a,1,received,,,,sara,phone-2,\(RespondentExport.timeText(a.receivedAt))\r\n"
                + "b,2,rejected,ines,\(RespondentExport.timeText(try #require(b.reviewedAt))),"
                + "\"'=age, not \"\"forty\"\"\",sara,phone-2,\(RespondentExport.timeText(b.receivedAt))\r\n"
        )
        #expect(
            RespondentExport.timeText(Date(timeIntervalSince1970: 1.5))
                == "1970-01-01T00:00:01.500Z")
    }

    @Test func nestedMapsAreColumnsOfTheirOwnAndListsAreShownAsJSON() {
        let cells = RespondentExport.cells(of: [
            "id": .string("r1"),
            "household": .object(["size": .integer(4), "head": .object(["age": .integer(51)])]),
            "crops": .array([.string("maize"), .string("beans")]),
            "consent": .bool(true), "weight": .double(61.5), "note": .null,
        ])
        #expect(
            cells == [
                "id": "r1", "household/size": "4", "household/head/age": "51",
                "crops": #"["maize","beans"]"#, "consent": "true", "weight": "61.5", "note": "",
            ])
    }

    @Test func csvHasAHeaderOfEveryColumnIdFirstAndARowPerRespondentInIDOrder() async throws {
        let text = try await Self.export(
            [
                Respondent(id: "b", fields: ["id": .string("b"), "age": .integer(30)]),
                Respondent(
                    id: "a",
                    fields: ["id": .string("a"), "name": .string("Zoë"), "age": .integer(41)]),
            ], format: .csv, pageSize: 1)
        #expect(text == "id,age,name\r\na,41,Zoë\r\nb,30,\r\n")
    }

    @Test func cellsWithCommasQuotesOrLineBreaksAreQuotedAsRFC4180Has() async throws {
        let text = try await Self.export(
            [
                Respondent(
                    id: "r",
                    fields: ["id": .string("r"), "note": .string("said \"yes, twice\"\nthen left")])
            ], format: .csv)
        #expect(text == "id,note\r\nr,\"said \"\"yes, twice\"\"\nthen left\"\r\n")
    }

    @Test func forASpreadsheetTheFileStartsWithABOMAndTextThatWouldBeAFormulaIsNot()
        async throws
    {
        let text = try await Self.export(
            [
                Respondent(
                    id: "r",
                    fields: [
                        "id": .string("r"), "a": .string("=HYPERLINK(\"x\")"), "b": .string("+1"),
                        "c": .integer(-5), "d": .string("@x"), "e": .string("-2"),
                    ])
            ], format: .csv, spreadsheet: true)
        #expect(text.hasPrefix("\u{FEFF}id,a,b,c,d,e\r\n"))
        #expect(text.hasSuffix("r,\"'=HYPERLINK(\"\"x\"\")\",'+1,-5,'@x,'-2\r\n"))
    }

    /// A column's name is a field's name, from outside too: for a spreadsheet, one that would
    /// be a formula starts with `'` as a cell does.
    @Test func forASpreadsheetAHeaderThatWouldBeAFormulaIsNot() async throws {
        let text = try await Self.export(
            [
                Respondent(
                    id: "r", fields: ["id": .string("r"), "@evil": .string("v"), "=x": .integer(1)])
            ], format: .csv, spreadsheet: true)
        #expect(text.hasPrefix("\u{FEFF}id,'=x,'@evil\r\n"))
        let plain = try await Self.export(
            [Respondent(id: "r", fields: ["id": .string("r"), "@evil": .string("v")])],
            format: .csv)
        #expect(plain.hasPrefix("id,@evil\r\n"))
    }

    @Test func jsonLinesHaveOneRespondentPerLineInIDOrder() async throws {
        let text = try await Self.export(
            [
                Respondent(id: "2", fields: ["id": .integer(2), "x": .string("a\nb")]),
                Respondent(id: "1", fields: ["id": .integer(1)]),
            ], format: .jsonl, pageSize: 1)
        #expect(text == "{\"id\":1}\n{\"id\":2,\"x\":\"a\\nb\"}\n")
    }

    @Test func anEmptyStoreIsAHeaderOfTheIdAlone() async throws {
        #expect(try await Self.export([], format: .csv) == "id\r\n")
        #expect(try await Self.export([], format: .jsonl) == "")
    }

    @Test func moreColumnsThanTheMostIsRefusedBeforeAnythingIsWritten() async throws {
        var fields: [String: JSONValue] = ["id": .string("wide")]
        for column in 0..<RespondentExport.mostColumns { fields["f\(column)"] = .integer(column) }
        let store = InMemoryRespondentStore()
        _ = try await store.upsert([Respondent(id: "wide", fields: fields)])
        let output = Output()
        await #expect(throws: RespondentExport.TooManyColumns.self) {
            try await RespondentExport(store: store, format: .csv).write { await output.append($0) }
        }
        #expect(await output.bytes.isEmpty)
    }
}

/// The export's first pass reads the columns from the JSON the store keeps, keys alone: the
/// same columns as reading every value would give, escapes and nesting included.
@Suite("Reading a respondent's columns from its JSON")
struct RespondentColumnsFromJSONTests {
    static func columns(of fields: [String: JSONValue]) -> Set<String> {
        Set(RespondentExport.cells(of: fields).keys)
    }

    @Test func givesTheColumnsThatTheValuesGive() {
        var random = SplitMix(seed: 2026)
        for _ in 0..<500 {
            let fields = Self.randomObject(&random, depth: 0)
            var found: Set<String> = []
            let json = JSONWriter.data(.object(fields))
            #expect(RespondentExport.addColumns(ofJSON: json, to: &found))
            #expect(found == Self.columns(of: fields), "\(String(decoding: json, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        "", "[]", "{", #"{"a":1"#, #"{"a":1}x"#, #"{"a\q":1}"#, #"{"a":"\ud800"}"#, #"{"a"1}"#,
    ])
    func bytesThatAreNotOneObjectAreRefused(text: String) {
        var found: Set<String> = []
        #expect(!RespondentExport.addColumns(ofJSON: Array(text.utf8), to: &found))
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let keys = [
        "id", "a", "é", "q\"uote", "back\\slash", "line\nbreak", "😀", "/", "a/b", "\u{0}",
    ]

    static func randomObject(_ random: inout SplitMix, depth: Int) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for _ in 0..<random.below(5) {
            object[keys[random.below(keys.count)]] = randomValue(&random, depth: depth)
        }
        return object
    }

    static func randomValue(_ random: inout SplitMix, depth: Int) -> JSONValue {
        switch random.below(depth > 3 ? 5 : 7) {
        case 0: .null
        case 1: .bool(random.below(2) == 0)
        case 2: .integer(random.below(2000) - 1000)
        case 3: .double(Double(random.below(1000)) / 8)
        case 4: .string(keys[random.below(keys.count)] + "\u{1}\t")
        case 5: .array((0..<random.below(3)).map { _ in randomValue(&random, depth: depth + 1) })
        default: .object(randomObject(&random, depth: depth + 1))
        }
    }
}

extension RespondentColumnsFromJSONTests {
    /// The cells read from the stored JSON are the cells the values give.
    @Test func cellsReadFromTheJSONAreTheCellsTheValuesGive() {
        var random = SplitMix(seed: 7)
        for _ in 0..<500 {
            let fields = Self.randomObject(&random, depth: 0)
            let json = JSONWriter.data(.object(fields))
            var read: [String: String] = [:]
            #expect(RespondentExport.cells(ofJSON: json, into: &read))
            #expect(
                read == RespondentExport.cells(of: fields),
                "\(String(decoding: json, as: UTF8.self))")
        }
    }
}
