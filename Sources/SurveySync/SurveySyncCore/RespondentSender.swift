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

    /// Whether a version from this sender may be `caller`'s own: it is theirs, or nobody
    /// recorded who sent it (a version stored before senders were kept), which a verify must
    /// not take as another device's.
    public func mayBe(_ caller: RespondentSender) -> Bool {
        self == caller || self == .unknown
    }

    /// The order senders are listed in: by user, then device (in the order of their UTF-8
    /// bytes), an unknown user or device after every known one.
    public static func listedBefore(_ a: RespondentSender, _ b: RespondentSender) -> Bool {
        /// Whether `x` comes first; nil when they are the same.
        func precedes(_ x: String?, _ y: String?) -> Bool? {
            switch (x, y) {
            case (nil, nil): nil
            case (nil, _): false
            case (_, nil): true
            case (let x?, let y?): x == y ? nil : x.utf8.lexicographicallyPrecedes(y.utf8)
            }
        }
        return precedes(a.user, b.user) ?? precedes(a.device, b.device) ?? false
    }
}
