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
