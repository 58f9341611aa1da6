import Foundation

/// One version of the survey's form as the backend keeps it: the file an admin gave
/// (`SurveyFormFile` reads it), numbered in the order they came (1 is the first), with who gave
/// it and when. The file itself is `SurveyFormStore.file(ofVersion:)`.
public struct SurveyFormVersion: Sendable, Equatable, Codable {
    public var number: Int
    /// The file's name as it was given (`household.xlsx`): what tells its id when its settings
    /// have none.
    public var fileName: String
    /// How long the file is, in bytes.
    public var byteCount: Int
    /// The SHA-256 of the file, in lowercase hex.
    public var digest: String
    /// Who gave it; nil when no one signed in did.
    public var uploadedBy: String?
    public var uploadedAt: Date

    public init(
        number: Int, fileName: String, byteCount: Int, digest: String, uploadedBy: String?,
        uploadedAt: Date
    ) {
        self.number = number
        self.fileName = fileName
        self.byteCount = byteCount
        self.digest = digest
        self.uploadedBy = uploadedBy
        self.uploadedAt = uploadedAt
    }
}
