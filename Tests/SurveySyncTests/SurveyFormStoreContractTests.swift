import CasebookTestSupport
import Foundation
import PostgresTestSupport
import SurveySync
import SurveySyncPostgres
import Testing

/// Every implementation of `SurveyFormStore`, for the contract tests to run against each.
enum SurveyFormStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite, postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store; a SQLite one lives in `directory`, a PostgreSQL
    /// one in a new database on the tests' cluster.
    func withStore(
        in directory: TemporaryDirectory,
        _ body: @Sendable (any SurveyFormStore) async throws -> Void
    ) async throws {
        switch self {
        case .inMemory: try await body(InMemorySurveyFormStore())
        case .sqlite:
            try await body(
                SQLiteSurveyFormStore(
                    path: directory.appending("f-\(UUID().uuidString).sqlite").path))
        case .postgres:
            try await PostgresTesting.withDatabase(schemas: [PostgresSurveyFormStore.schema]) {
                database in
                try await body(PostgresSurveyFormStore(client: database.client))
            }
        }
    }
}

/// What every survey form store promises: versions numbered from 1 in the order they came,
/// each file kept byte for byte, and one latest check per respondent, its problems whole.
@Suite("The survey form store contract")
struct SurveyFormStoreContractTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: SurveyFormStoreKind.allCases)
    func numbersVersionsAndKeepsEachFileWhole(kind: SurveyFormStoreKind) async throws {
        try await kind.withStore(in: directory) { store in
            #expect(try await store.latestVersion() == nil)
            #expect(try await store.versions().isEmpty)
            #expect(try await store.file(ofVersion: 1) == nil)
            let first: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x00, 0xFF, 0x00]
            let second = Array("survey:\n  - type: integer\n    name: age\n".utf8)
            let one = try await store.addVersion(
                fileName: "household.xlsx", bytes: first, uploadedBy: "ädmin")
            let two = try await store.addVersion(
                fileName: "household v2.yaml", bytes: second, uploadedBy: nil)
            #expect(one.number == 1)
            #expect(two.number == 2)
            #expect(one.byteCount == 7)
            #expect(one.digest.count == 64)
            #expect(one.digest != two.digest)
            #expect(one.uploadedBy == "ädmin")
            #expect(two.uploadedBy == nil)
            #expect(try await store.latestVersion()?.number == 2)
            let listed = try await store.versions()
            #expect(listed.map(\.number) == [2, 1])
            #expect(listed.map(\.fileName) == ["household v2.yaml", "household.xlsx"])
            #expect(abs(listed[1].uploadedAt.timeIntervalSince(one.uploadedAt)) < 0.01)
            #expect(try await store.file(ofVersion: 1) == first)
            #expect(try await store.file(ofVersion: 2) == second)
            #expect(try await store.file(ofVersion: 3) == nil)
        }
    }

    @Test(arguments: SurveyFormStoreKind.allCases)
    func keepsTheLatestCheckOfEachRespondent(kind: SurveyFormStoreKind) async throws {
        try await kind.withStore(in: directory) { store in
            _ = try await store.addVersion(fileName: "f.yaml", bytes: [1], uploadedBy: nil)
            _ = try await store.addVersion(fileName: "f.yaml", bytes: [2], uploadedBy: nil)
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let age = RespondentFormProblem(
                field: "household/age", value: "forty", rule: "integer",
                message: "household/age: \"forty\" is not a whole number")
            let consent = RespondentFormProblem(
                field: "consent", value: nil, rule: "required", message: "consent is required")
            #expect(try await store.checks(of: ["r1"]).isEmpty)
            try await store.record([
                RespondentCheckRecord(
                    id: "r1", digest: "d1", formVersion: 1, problems: [age, consent], checkedAt: at),
                RespondentCheckRecord(
                    id: "Malmö", digest: "d2", formVersion: 1, problems: [], checkedAt: at),
            ])
            #expect(try await store.issueCount() == 1)
            var found = try await store.checks(of: ["r1", "Malmö", "nobody"])
            #expect(found.count == 2)
            #expect(found["r1"]?.problems == [age, consent])
            #expect(found["r1"]?.formVersion == 1)
            #expect(found["r1"]?.digest == "d1")
            #expect(found["Malmö"]?.hasIssues == false)
            #expect(
                abs((found["r1"]?.checkedAt ?? .distantPast).timeIntervalSince(at)) < 0.001)
            // A later check replaces the earlier; two in one batch keep the last.
            try await store.record([
                RespondentCheckRecord(
                    id: "r1", digest: "d3", formVersion: 2, problems: [consent], checkedAt: at),
                RespondentCheckRecord(
                    id: "r1", digest: "d4", formVersion: 2, problems: [], checkedAt: at),
            ])
            found = try await store.checks(of: ["r1"])
            #expect(found["r1"]?.digest == "d4")
            #expect(found["r1"]?.formVersion == 2)
            #expect(try await store.issueCount() == 0)
            // Ids are told apart by their bytes.
            #expect(try await store.checks(of: ["Malmo\u{0308}"]).isEmpty)
        }
    }
}
