import Foundation
import StoreFailures

/// One thing that happened to a respondent, as its history tells it.
public struct RespondentEvent: Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        /// It arrived for the first time.
        case received
        /// A later version changed it (and sent it back to `received`).
        case changed
        /// A reviewer set its state.
        case reviewed
    }

    public var kind: Kind
    /// The review state it was left in.
    public var state: ReviewState
    public var at: Date
    /// Who sent the version, or who reviewed it.
    public var sender: RespondentSender
    /// The reviewer's comment, for a review that gave one.
    public var comment: String?
    /// The number of the version an arrival (`received`, `changed`) brought, which
    /// `ReviewedRespondentStore.version(_:of:)` reads back; nil for a review.
    public var version: Int?

    public init(
        kind: Kind, state: ReviewState, at: Date, sender: RespondentSender, comment: String? = nil,
        version: Int? = nil
    ) {
        self.kind = kind
        self.state = state
        self.at = at
        self.sender = sender
        self.comment = comment
        self.version = version
    }
}

extension RespondentEvent.Kind {
    /// The kind a store kept for an event of respondent `id`'s history as `text`; a
    /// `DamagedRowError` naming it when the text is no kind.
    public init(stored text: String, of id: String) throws {
        guard let kind = RespondentEvent.Kind(rawValue: text) else {
            throw DamagedRowError(
                store: "respondents", key: id, problem: "an event of its history has no known kind")
        }
        self = kind
    }
}
