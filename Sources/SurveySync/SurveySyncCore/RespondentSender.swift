/// Who sent a version of a respondent, or set its review: the user, and the device it came
/// from (the label of the token the user sent it with). Either may be unknown: a version sent
/// before senders were kept, or through a store used directly.
public struct RespondentSender: Hashable, Codable, Sendable {
    public var user: String?
    public var device: String?

    public init(user: String?, device: String?) {
        self.user = user
        self.device = device
    }

    /// A sender nobody recorded.
    public static let unknown = RespondentSender(user: nil, device: nil)
}
