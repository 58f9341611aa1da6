/// Where the backend keeps the survey's form, every version of it, and what checking each
/// respondent against it found.
public protocol SurveyFormStore: Sendable {
    /// Keeps `bytes`, a form file named `fileName`, as the next version, and gives it.
    func addVersion(fileName: String, bytes: [UInt8], uploadedBy: String?) async throws
        -> SurveyFormVersion
    /// Every version, the newest first.
    func versions() async throws -> [SurveyFormVersion]
    /// The newest version, or nil before the first.
    func latestVersion() async throws -> SurveyFormVersion?
    /// The file of version `number`, as it was given; nil for a version the store does not hold.
    func file(ofVersion number: Int) async throws -> [UInt8]?
    /// Keeps each check, in place of any earlier one of the same respondent, all or none.
    func record(_ checks: [RespondentCheckRecord]) async throws
    /// The latest check of each of `ids` that has one (at most 10,000 ids at once).
    func checks(of ids: [String]) async throws -> [String: RespondentCheckRecord]
    /// How many respondents' latest checks found problems.
    func issueCount() async throws -> Int
}
