import SurveySyncCore

/// One version of the survey's form as `GET /api/survey-form` gives it: its number, file,
/// who gave it and when, and the form it defines (fields in order, choice lists, settings).
public struct SurveyFormWire: Codable, Equatable, Sendable {
    public let version: Int
    public let fileName: String
    public let byteCount: Int
    public let digest: String
    public let uploadedBy: String?
    public let uploadedAt: String
    public let form: SurveyForm

    public init(version: SurveyFormVersion, form: SurveyForm) {
        self.version = version.number
        fileName = version.fileName
        byteCount = version.byteCount
        digest = version.digest
        uploadedBy = version.uploadedBy
        uploadedAt = WireDateText.text(of: version.uploadedAt)
        self.form = form
    }
}
