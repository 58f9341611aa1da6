import Foundation
import StoreFailures

/// What checking one respondent against the form found, as the backend keeps it: which
/// version of the respondent (its digest) was read against which version of the form, when,
/// and every problem (none: it keeps the form). A record whose digest is not the respondent's
/// current one is of an earlier version of it.
public struct RespondentCheckRecord: Sendable, Equatable, Codable {
    public var id: String
    /// The digest of the respondent's fields as they were checked (`RespondentDigest`).
    public var digest: String
    /// The number of the form version they were read against (`SurveyFormVersion.number`).
    public var formVersion: Int
    public var problems: [RespondentFormProblem]
    public var checkedAt: Date

    public init(
        id: String, digest: String, formVersion: Int, problems: [RespondentFormProblem],
        checkedAt: Date
    ) {
        self.id = id
        self.digest = digest
        self.formVersion = formVersion
        self.problems = problems
        self.checkedAt = checkedAt
    }

    /// Whether the respondent breaks its form.
    public var hasIssues: Bool { !problems.isEmpty }

    /// Whether it is a check of `respondent` as it is now, not of an earlier version of it.
    public func isOf(_ respondent: Respondent) -> Bool {
        digest == RespondentDigest(respondent).digest
    }
}

extension RespondentCheckRecord {
    /// The problems as a store keeps them: their JSON, keys sorted.
    package static func storedProblems(_ problems: [RespondentFormProblem]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and optionals only: encoding them cannot fail.
        return String(decoding: (try? encoder.encode(problems)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The problems a store kept (`storedProblems(_:)`), or a damaged row of respondent `id`.
    package static func problems(stored text: String, of id: String) throws
        -> [RespondentFormProblem]
    {
        do {
            return try JSONDecoder().decode([RespondentFormProblem].self, from: Data(text.utf8))
        } catch {
            throw DamagedRowError(
                store: "survey forms", key: id, problem: "its problems are not readable: \(error)")
        }
    }
}
