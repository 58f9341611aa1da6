import CasebookWire
import Foundation
import SurveySyncCore

/// A respondent's review and history as the survey pages show them, in words: "Approved by
/// ines", "Received from sara on phone 3", "Changed by a later version: back to received".
enum RespondentReviewContext {
    static func status(_ status: RespondentStatus, zone: TimeZone = .current) -> [String: Any] {
        [
            "state": status.state.words,
            "reviewer": status.reviewer ?? false,
            "reviewedAt": status.reviewedAt.map(WireDateText.text(of:)) ?? false,
            "reviewedAtShown": status.reviewedAt.map { shown($0, zone: zone) } ?? false,
            "comment": status.comment ?? false,
            "sender": sender(status.sender),
            "receivedAt": WireDateText.text(of: status.receivedAt),
            "receivedAtShown": shown(status.receivedAt, zone: zone),
        ]
    }

    /// A conflict in words, and its fields side by side.
    static func conflict(_ conflict: RespondentConflict, zone: TimeZone) -> [String: Any] {
        [
            "summary":
                "Version \(conflict.later.number) came from \(sender(conflict.later.sender)) at \(shown(conflict.later.at, zone: zone)), and answers \(EnglishCount.phrase(conflict.differences.count, "field")) otherwise than version \(conflict.earlier.number) from \(sender(conflict.earlier.sender)), which it replaced:",
            "earlierTitle":
                "Version \(conflict.earlier.number) (\(conflict.earlier.sender.device ?? "?"))",
            "laterTitle":
                "Version \(conflict.later.number) (\(conflict.later.sender.device ?? "?"))",
            "differences": conflict.differences.map {
                [
                    "field": $0.field, "earlier": $0.earlier ?? "(none)",
                    "later": $0.later ?? "(none)",
                ]
            },
        ]
    }

    /// A moment as a reader reads it, in their time zone: "December 2, 2026 at 8:15 PM GMT+1".
    static func shown(_ date: Date, zone: TimeZone) -> String {
        moments(in: zone)(date)
    }

    /// What writes moments as `shown(_:zone:)` does, made once for a page's many.
    static func moments(in zone: TimeZone) -> (Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = zone
        formatter.dateStyle = .long
        formatter.timeStyle = .short
        return { date in
            formatter.string(from: date) + " " + (zone.abbreviation(for: date) ?? zone.identifier)
        }
    }

    /// The events in words, each arrival with a link to the version it brought, under
    /// `versionsPath` (`/survey/respondents/{id}/versions`).
    static func history(
        _ events: [RespondentEvent], versionsPath: String, zone: TimeZone = .current
    ) -> [[String: Any]] {
        var previous: ReviewState?
        let shown = moments(in: zone)
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
                "atShown": shown(event.at),
                "comment": event.comment ?? false,
                "version": event.version.map { number -> [String: Any] in
                    ["number": number, "path": "\(versionsPath)/\(number)"]
                } ?? false,
            ]
        }
    }

    /// The table's filters as links, each keeping the others and with the count of what it
    /// shows (a sum of the store's counts): by review state, then by sender; and what the
    /// current filter shows, when it filters. Someone who sees only what they sent (not
    /// `everyone`) is offered no sender: their filter already names them.
    static func filters(
        _ reviews: any ReviewedRespondentStore, current: RespondentFilter, columns: [String]?,
        sort: RespondentSort? = nil, everyone: Bool, shown: Int
    ) async throws -> [String: Any] {
        // A field's value is counted by a pass over the store: the links then go without
        // counts, so that a page costs one such pass, not one per link.
        let counted = current.field == nil
        func link(_ words: String, _ filter: RespondentFilter) async throws -> [String: Any] {
            [
                "words": words, "hasCount": counted,
                "count": counted ? try await reviews.count(matching: filter) : 0,
                "current": filter == current,
                "path": SurveyPages.tableQuery(columns: columns, filter: filter, sort: sort),
            ]
        }
        var anyState = current
        anyState.state = nil
        var stateLinks = [try await link("any state", anyState)]
        for state in ReviewState.allCases {
            var filter = current
            filter.state = state
            stateLinks.append(try await link(state.words, filter))
        }
        var anySender = current
        anySender.user = nil
        anySender.device = nil
        var senderLinks = [try await link("anyone", anySender)]
        // A link per user (all they sent) and, under it, one per device of theirs.
        var users: [(user: String, devices: [String])] = []
        for (sender, _) in everyone ? try await reviews.senderCounts() : [] {
            guard let user = sender.user else { continue }
            if users.last?.user != user { users.append((user, [])) }
            if let device = sender.device { users[users.count - 1].devices.append(device) }
        }
        for (user, devices) in users {
            var filter = current
            filter.user = user
            filter.device = nil
            senderLinks.append(try await link(user, filter))
            for device in devices {
                filter.device = device
                senderLinks.append(try await link("\(user) on \(device)", filter))
            }
        }
        // The filter's parameters: the search form keeps the sender and state hidden (it shows
        // the others), the columns' form keeps all but the search hidden.
        let parameters = RespondentFilterQuery.parameters(of: current)
        let value = { (name: String) in parameters.first { $0.name == name }?.value }
        let hidden = { (names: Set<String>) in
            parameters.filter { names.contains($0.name) }.map {
                ["name": $0.name, "value": $0.value]
            }
        }
        let fields = hidden(["state", "user", "device"])
        let keptFields = hidden(["field", "value", "from", "to"])
        let search = value("q")
        let (from, to) = (value("from"), value("to"))
        var context: [String: Any] = [
            "hasFilters": true, "stateFilters": stateLinks,
            "senderFilters": everyone ? senderLinks : [],
            "hasSenderFilters": everyone,
            "filterFields": fields, "search": search ?? "", "hasSearch": search != nil,
            "receivedFrom": from ?? "", "receivedTo": to ?? "", "keptFields": keptFields,
            "fieldColumn": current.field?.column ?? "", "fieldValue": current.field?.value ?? "",
        ]
        if current != RespondentFilter() {
            var words: [String] = []
            if let search { words.append("matching “\(search)”") }
            if let state = current.state { words.append(state.words) }
            if current.user != nil || current.device != nil {
                words.append(
                    "sent by "
                        + Self.sender(RespondentSender(user: current.user, device: current.device)))
            }
            if let field = current.field {
                words.append("whose \(field.column) is “\(field.value)”")
            }
            switch (from, to) {
            case (let from?, let to?): words.append("received from \(from) to \(to)")
            case (let from?, nil): words.append("received from \(from)")
            case (nil, let to?): words.append("received up to \(to)")
            case (nil, nil): break
            }
            context["filtered"] =
                "Showing \(EnglishCount.phrase(shown, "respondent")) \(words.joined(separator: ", "))."
        }
        return context
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
