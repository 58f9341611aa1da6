import SurveySyncCore

/// One version of a respondent as `GET /api/respondents/{id}/versions/{version}` gives it: its
/// number, when it arrived and who sent it, its fields, and the text of its file when it came
/// with one. Members without a value are left out.
public struct RespondentVersionWire: Codable, Equatable, Sendable {
    public let id: String
    public let version: Int
    public let at: String
    public let user: String?
    public let device: String?
    public let fields: [String: JSONValue]
    public let original: String?

    /// `version` of a respondent, whose fields the store kept (`respondent`).
    public init(version: RespondentVersion, respondent: Respondent) {
        id = respondent.id
        self.version = version.number
        at = WireDateText.text(of: version.at)
        user = version.sender.user
        device = version.sender.device
        fields = respondent.fields
        original = respondent.originalYAML
    }
}
