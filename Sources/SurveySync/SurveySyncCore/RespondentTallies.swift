/// How the number of respondents in each review state, from each sender, changes while a
/// transaction stores or reviews respondents: gathered as it goes, written at its end, so that
/// a store keeps those counts beside the respondents and answers a count without counting.
public struct RespondentTallies: Sendable {
    public struct Key: Hashable, Sendable {
        public let state: ReviewState
        public let sender: RespondentSender
    }

    private var changes: [Key: Int] = [:]

    public init() {}

    /// One more respondent in `state` from `sender`.
    public mutating func add(_ state: ReviewState, from sender: RespondentSender) {
        changes[Key(state: state, sender: sender), default: 0] += 1
    }

    /// One fewer respondent in `state` from `sender`.
    public mutating func remove(_ state: ReviewState, from sender: RespondentSender) {
        changes[Key(state: state, sender: sender), default: 0] -= 1
    }

    /// Each count that changed, and by how much, in a stable order.
    public var deltas: [(key: Key, delta: Int)] {
        changes.filter { $0.value != 0 }
            .sorted {
                ($0.key.state.rawValue, $0.key.sender.user ?? "", $0.key.sender.device ?? "")
                    < ($1.key.state.rawValue, $1.key.sender.user ?? "", $1.key.sender.device ?? "")
            }
            .map { ($0.key, $0.value) }
    }
}
