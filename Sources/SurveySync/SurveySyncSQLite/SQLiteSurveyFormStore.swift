import CasebookSQLite
import Crypto
import Foundation
import GRDB
import SurveySyncCore

/// The survey's form, every version of it, and each respondent's latest check, in a SQLite
/// file (WAL mode, migrated when opened).
public final class SQLiteSurveyFormStore: SurveyFormStore {
    private let database: StoreDatabase

    /// Opens (creating if needed) the database at `path`, on one connection: its reads and
    /// writes are few and small (a page of checks, a version now and then), and every server
    /// and command that opens a data directory opens it.
    public init(path: String) throws {
        database = try StoreDatabase(
            store: "survey forms", path: path, migrations: Self.migrations, connections: .one)
    }

    private static let migrations: [StoreMigration] = [
        StoreMigration(
            "create survey_form and respondent_check",
            sql: SurveyFormRow.migration + RespondentCheckRow.migration)
    ]

    public func addVersion(fileName: String, bytes: [UInt8], uploadedBy: String?) async throws
        -> SurveyFormVersion
    {
        let digest = RespondentDigest.hex(SHA256.hash(data: bytes))
        return try await database.write { db in
            let last = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM survey_form") ?? 0
            let version = SurveyFormVersion(
                number: last + 1, fileName: fileName, byteCount: bytes.count, digest: digest,
                uploadedBy: uploadedBy, uploadedAt: Date())
            try SurveyFormRow(version, bytes: bytes).insert(db)
            return version
        }
    }

    public func versions() async throws -> [SurveyFormVersion] {
        try await database.read { db in
            try SurveyFormRow.select(SurveyFormRow.versionColumns)
                .order(Column(SurveyFormRow.CodingKeys.number.rawValue).desc)
                .asRequest(of: Row.self).fetchAll(db).map(SurveyFormRow.version)
        }
    }

    public func latestVersion() async throws -> SurveyFormVersion? {
        try await database.read { db in
            try SurveyFormRow.select(SurveyFormRow.versionColumns)
                .order(Column(SurveyFormRow.CodingKeys.number.rawValue).desc)
                .asRequest(of: Row.self).fetchOne(db).map(SurveyFormRow.version)
        }
    }

    public func file(ofVersion number: Int) async throws -> [UInt8]? {
        try await database.read { db in
            try SurveyFormRow.fetchOne(db, key: number).map { [UInt8]($0.bytes) }
        }
    }

    public func record(_ checks: [RespondentCheckRecord]) async throws {
        let rows = checks.map(RespondentCheckRow.init)
        try await database.write { db in
            for row in rows { try row.upsert(db) }
        }
    }

    public func checks(of ids: [String]) async throws -> [String: RespondentCheckRecord] {
        let rows = try await database.read { db in
            var rows: [RespondentCheckRow] = []
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                rows += try RespondentCheckRow.fetchAll(db, keys: chunk)
            }
            return rows
        }
        var found: [String: RespondentCheckRecord] = [:]
        for row in rows { found[row.id] = try row.check() }
        return found
    }

    public func issueCount() async throws -> Int {
        try await database.read { db in
            try RespondentCheckRow.filter(
                Column(RespondentCheckRow.CodingKeys.problemCount.rawValue) > 0
            ).fetchCount(db)
        }
    }
}
