import Foundation
import GRDB
import SurveySyncCore

/// A row of the `respondent_check` table: the latest check of one respondent against the form,
/// its problems as the JSON of `[RespondentFormProblem]`; the one place its columns are named
/// and a check is mapped to them.
struct RespondentCheckRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "respondent_check"

    /// The columns, named once.
    enum CodingKeys: String, CodingKey {
        case id, digest
        case formVersion = "form_version"
        case problems
        case problemCount = "problem_count"
        case checkedAt = "checked_at"
    }

    var id: String
    var digest: String
    var formVersion: Int
    var problems: String
    var problemCount: Int
    var checkedAt: Date

    init(_ check: RespondentCheckRecord) {
        id = check.id
        digest = check.digest
        formVersion = check.formVersion
        problems = RespondentCheckRecord.storedProblems(check.problems)
        problemCount = check.problems.count
        checkedAt = check.checkedAt
    }

    func check() throws -> RespondentCheckRecord {
        RespondentCheckRecord(
            id: id, digest: digest, formVersion: formVersion,
            problems: try RespondentCheckRecord.problems(stored: problems, of: id),
            checkedAt: checkedAt)
    }

    static let migration = """
        CREATE TABLE respondent_check (
            id TEXT PRIMARY KEY NOT NULL,
            digest TEXT NOT NULL,
            form_version INTEGER NOT NULL REFERENCES survey_form(number),
            problems TEXT NOT NULL,
            problem_count INTEGER NOT NULL,
            checked_at DATETIME NOT NULL
        );
        CREATE INDEX respondent_check_issues ON respondent_check(problem_count) WHERE problem_count > 0;
        """
}
