import CasebookPostgres
import Crypto
import Foundation
import PostgresNIO
import StoreFailures
import SurveySyncCore

/// The survey's form, every version of it, and each respondent's latest check, in PostgreSQL,
/// shared by every server on the database. A new version takes the next number under a lock of
/// the table, so two servers given a form at once number them one after the other.
public final class PostgresSurveyFormStore: SurveyFormStore {
    private let client: PostgresClient
    private let operations: PostgresOperations

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "survey forms",
        migrations: [
            PostgresMigration(
                1, "create survey_form and respondent_check",
                sql: [
                    """
                    CREATE TABLE survey_form (
                        number integer PRIMARY KEY,
                        file_name text NOT NULL,
                        bytes bytea NOT NULL,
                        byte_count integer NOT NULL,
                        digest text NOT NULL,
                        uploaded_by text,
                        uploaded_at timestamptz NOT NULL DEFAULT now()
                    )
                    """,
                    """
                    CREATE TABLE respondent_check (
                        id text COLLATE "C" PRIMARY KEY,
                        digest text NOT NULL,
                        form_version integer NOT NULL REFERENCES survey_form (number),
                        problems text NOT NULL,
                        problem_count integer NOT NULL,
                        checked_at timestamptz NOT NULL
                    )
                    """,
                    """
                    CREATE INDEX respondent_check_issues ON respondent_check (problem_count)
                        WHERE problem_count > 0
                    """,
                ])
        ])

    /// The columns of a version, in the order `versionRow` decodes them.
    private static let versionColumns =
        "number, file_name, byte_count, digest, uploaded_by, uploaded_at"
    private typealias VersionRow = (Int, String, Int, String, String?, Date)

    private static func version(_ row: VersionRow) -> SurveyFormVersion {
        SurveyFormVersion(
            number: row.0, fileName: row.1, byteCount: row.2, digest: row.3, uploadedBy: row.4,
            uploadedAt: row.5)
    }

    /// The columns of a check, in the order `checkRow` decodes them.
    private static let checkColumns =
        "id, digest, form_version, problems, checked_at"
    private typealias CheckRow = (String, String, Int, String, Date)

    private static func check(_ row: CheckRow) throws -> RespondentCheckRecord {
        RespondentCheckRecord(
            id: row.0, digest: row.1, formVersion: row.2,
            problems: try RespondentCheckRecord.problems(stored: row.3, of: row.0),
            checkedAt: row.4)
    }

    /// The store on `client`, whose database `PostgresDatabase.prepare` has migrated; every
    /// operation goes through `operations`.
    public init(client: PostgresClient, operations: PostgresOperations = PostgresOperations()) {
        self.client = client
        self.operations = operations
    }

    public func addVersion(fileName: String, bytes: [UInt8], uploadedBy: String?) async throws
        -> SurveyFormVersion
    {
        let digest = RespondentDigest.hex(SHA256.hash(data: bytes))
        let buffer = ByteBuffer(bytes: bytes)
        let count = bytes.count
        return try await answering { client in
            try await client.withTransaction(logger: PostgresDatabase.quietLogger) { connection in
                _ = try await connection.query(
                    "LOCK TABLE survey_form IN EXCLUSIVE MODE", logger: PostgresDatabase.quietLogger
                )
                let rows = try await connection.query(
                    """
                    INSERT INTO survey_form (number, file_name, bytes, byte_count, digest, uploaded_by)
                    SELECT COALESCE(MAX(number), 0) + 1, \(fileName), \(buffer), \(count), \(digest),
                        \(uploadedBy)
                    FROM survey_form
                    RETURNING \(unescaped: Self.versionColumns)
                    """, logger: PostgresDatabase.quietLogger)
                for try await row in rows.decode(VersionRow.self) { return Self.version(row) }
                throw DamagedRowError(
                    store: "survey forms", key: nil, problem: "an insert gave no row")
            }
        }
    }

    public func versions() async throws -> [SurveyFormVersion] {
        try await answering { client in
            var versions: [SurveyFormVersion] = []
            let rows = try await client.query(
                "SELECT \(unescaped: Self.versionColumns) FROM survey_form ORDER BY number DESC")
            for try await row in rows.decode(VersionRow.self) { versions.append(Self.version(row)) }
            return versions
        }
    }

    public func latestVersion() async throws -> SurveyFormVersion? {
        try await answering { client in
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.versionColumns) FROM survey_form
                ORDER BY number DESC LIMIT 1
                """)
            for try await row in rows.decode(VersionRow.self) { return Self.version(row) }
            return nil
        }
    }

    public func file(ofVersion number: Int) async throws -> [UInt8]? {
        try await answering { client in
            let rows = try await client.query(
                "SELECT bytes FROM survey_form WHERE number = \(number)")
            for try await bytes in rows.decode(ByteBuffer.self) {
                return Array(bytes.readableBytesView)
            }
            return nil
        }
    }

    public func record(_ checks: [RespondentCheckRecord]) async throws {
        // One row per id (the last check of it), as one statement may write a row once.
        var latest: [String] = []
        var byID: [String: RespondentCheckRecord] = [:]
        for check in checks {
            if byID.updateValue(check, forKey: check.id) == nil { latest.append(check.id) }
        }
        let kept = latest.compactMap { byID[$0] }
        guard !kept.isEmpty else { return }
        let ids = kept.map(\.id)
        let digests = kept.map(\.digest)
        let versions = kept.map(\.formVersion)
        let problems = kept.map { RespondentCheckRecord.storedProblems($0.problems) }
        let counts = kept.map(\.problems.count)
        let times = kept.map(\.checkedAt)
        try await answering { client in
            try await client.query(
                """
                INSERT INTO respondent_check (id, digest, form_version, problems, problem_count, checked_at)
                SELECT * FROM unnest(\(ids)::text[], \(digests)::text[], \(versions)::integer[],
                    \(problems)::text[], \(counts)::integer[], \(times)::timestamptz[])
                ON CONFLICT (id) DO UPDATE SET
                    digest = excluded.digest, form_version = excluded.form_version,
                    problems = excluded.problems, problem_count = excluded.problem_count,
                    checked_at = excluded.checked_at
                """)
        }
    }

    public func checks(of ids: [String]) async throws -> [String: RespondentCheckRecord] {
        guard !ids.isEmpty else { return [:] }
        return try await answering { client in
            var found: [String: RespondentCheckRecord] = [:]
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.checkColumns) FROM respondent_check
                WHERE id = ANY(\(ids))
                """)
            for try await row in rows.decode(CheckRow.self) {
                found[row.0] = try Self.check(row)
            }
            return found
        }
    }

    public func issueCount() async throws -> Int {
        try await answering { client in
            let rows = try await client.query(
                "SELECT count(*)::bigint FROM respondent_check WHERE problem_count > 0")
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }

    @discardableResult
    private func answering<T: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await operations.run(store: "survey forms", on: client, operation)
    }
}
