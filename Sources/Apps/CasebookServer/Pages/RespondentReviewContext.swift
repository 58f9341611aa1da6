import CasebookWire
import Foundation
import SurveySyncCore

/// A respondent's review and history as the survey pages show them, in words: "Approved by
/// ines", "Received from sara on phone 3", "Changed by a later version: back to received".
enum RespondentReviewContext {
    static func status(_ status: RespondentStatus) -> [String: Any] {
        [
            "state": status.state.words,
            "reviewer": status.reviewer ?? false,
            "reviewedAt": status.reviewedAt.map(WireDateText.text(of:)) ?? false,
            "comment": status.comment ?? false,
            "sender": sender(status.sender),
            "receivedAt": WireDateText.text(of: status.receivedAt),
        ]
    }

    static func history(_ events: [RespondentEvent]) -> [[String: Any]] {
        var previous: ReviewState?
        return events.map { event in
            defer { previous = event.state }
            let what: String
            switch event.kind {
            case .received:
                what = "Received from \(sender(event.sender))"
            case .changed:
                let back = previous.map { $0 == .received ? "" : " (was \($0.words))" } ?? ""
                what = "Changed by a version from \(sender(event.sender)): received again\(back)"
            case .reviewed:
                what = "Marked \(event.state.words) by \(event.sender.user ?? "someone")"
            }
            return [
                "what": what, "at": WireDateText.text(of: event.at),
                "comment": event.comment ?? false,
            ]
        }
    }

    /// The states to choose from, `selected` chosen.
    static func states(selected: ReviewState?) -> [[String: Any]] {
        ReviewState.allCases.map {
            ["value": $0.rawValue, "words": $0.words, "selected": $0 == selected]
        }
    }

    /// "sara on phone 3", "sara", "someone unknown".
    static func sender(_ sender: RespondentSender) -> String {
        switch (sender.user, sender.device) {
        case (let user?, let device?): "\(user) on \(device)"
        case (let user?, nil): user
        case (nil, let device?): "someone on \(device)"
        case (nil, nil): "someone unknown"
        }
    }
}
