import CasebookJSON
import SurveySyncCore

/// The body of `POST /api/respondent-reviews`: `{"ids": ["…", …], "state": "approved",
/// "comment": "…"}` (the comment optional). Every member is checked before anything is
/// reviewed; a refusal names the member at fault (`ids[3]`).
public struct RespondentReviewRequest: Equatable, Sendable {
    public static let shape =
        #"the body must be {"ids": ["…", …], "state": "received|has-issues|approved|rejected", optionally "comment": "…"}"#

    /// The most respondents one review sets.
    public static let mostIDs = 10_000
    /// The longest comment, in characters.
    public static let longestComment = 2_000

    public let ids: [String]
    public let state: ReviewState
    public let comment: String?

    public init(ids: [String], state: ReviewState, comment: String?) {
        self.ids = ids
        self.state = state
        self.comment = comment
    }

    /// The review `bytes` asks for.
    public static func read(_ bytes: some Collection<UInt8>) throws(WireJSON.Refusal) -> Self {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw WireJSON.Refusal("the body is not valid JSON: \(error)")
        }
        guard case .object(let members) = value else { throw WireJSON.Refusal(shape) }
        if let unknown = members.keys.sorted().first(where: {
            !["ids", "state", "comment"].contains($0)
        }) {
            throw WireJSON.Refusal("the body has no member '\(unknown)'", field: unknown)
        }
        guard case .array(let listed)? = members["ids"], !listed.isEmpty else {
            throw WireJSON.Refusal("ids must be a list of at least one id", field: "ids")
        }
        guard listed.count <= mostIDs else {
            throw WireJSON.Refusal(
                "at most \(mostIDs) ids in one review, not \(listed.count)", field: "ids")
        }
        var ids: [String] = []
        var seen = Set<String>()
        ids.reserveCapacity(listed.count)
        for (index, item) in listed.enumerated() {
            guard case .string(let id) = item, !id.isEmpty else {
                throw WireJSON.Refusal(
                    "ids[\(index)] must be a respondent's id", field: "ids[\(index)]")
            }
            // An id named twice is reviewed once.
            if seen.insert(id).inserted { ids.append(id) }
        }
        guard case .string(let name)? = members["state"] else {
            throw WireJSON.Refusal(
                "state must be received, has-issues, approved or rejected", field: "state")
        }
        guard let state = ReviewState(rawValue: name) else {
            throw WireJSON.Refusal(
                "state must be received, has-issues, approved or rejected, not '\(name)'",
                field: "state")
        }
        var comment: String?
        switch members["comment"] {
        case nil, .null?: comment = nil
        case .string(let text)?:
            do {
                comment = try Self.comment(text)
            } catch {
                throw WireJSON.Refusal(
                    "comment must be at most \(longestComment) characters of text (no control"
                        + " characters but line breaks and tabs)", field: "comment")
            }
        default:
            throw WireJSON.Refusal("comment must be a string", field: "comment")
        }
        return Self(ids: ids, state: state, comment: comment)
    }

    /// A reviewer's comment as it is kept: nil when empty or blank; refused when longer than
    /// `longestComment` characters or holding a control character other than a line break or
    /// a tab.
    public static func comment(_ text: String) throws(WireJSON.Refusal) -> String? {
        let refusal = WireJSON.Refusal(
            "a comment is at most \(longestComment) characters of text", field: "comment")
        guard text.unicodeScalars.count <= longestComment else { throw refusal }
        guard
            !text.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control && !["\n", "\r", "\t"].contains($0)
            })
        else { throw refusal }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : text
    }
}
