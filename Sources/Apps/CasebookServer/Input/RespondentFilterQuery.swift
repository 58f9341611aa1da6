import SurveySyncCore

/// The respondents a request asks for, as the survey table and the respondents API read it,
/// and what of them its user may see.
enum RespondentFilterQuery {
    /// The filter a request asks for: `q` (a search's words), `state` (a review state), `user`
    /// and `device` (a sender's, at most 256 characters each), `field` and `value` (a column's
    /// name and the value its cell must have), `from` and `to` (the first and last days of
    /// arrival, `YYYY-MM-DD` in UTC).
    static func filter(in query: FormFields) throws -> RespondentFilter {
        var filter = RespondentFilter()
        if let name = query["state"], !name.isEmpty {
            guard let state = ReviewState(rawValue: name) else {
                throw RequestError(
                    .badRequest, "The state is received, has-issues, approved or rejected."
                ).parameter("state")
            }
            filter.state = state
        }
        for name in ["user", "device"] {
            // An empty value, as a form's empty field sends it, filters nothing.
            guard let value = query[name], !value.isEmpty else { continue }
            guard value.unicodeScalars.count <= 256 else {
                throw RequestError(.badRequest, "A \(name) is at most 256 characters.").parameter(
                    name)
            }
            if name == "user" { filter.user = value } else { filter.device = value }
        }
        if let text = query["q"] {
            guard text.unicodeScalars.count <= 256 else {
                throw RequestError(.badRequest, "A search is at most 256 characters.")
                    .parameter("q")
            }
            do {
                filter.search = try RespondentSearch(text)
            } catch {
                throw RequestError(.badRequest, "The search: \(error).").parameter("q")
            }
        }
        let value = query["value"] ?? ""
        guard value.unicodeScalars.count <= 4_096 else {
            throw RequestError(.badRequest, "A field's value is at most 4,096 characters.")
                .parameter("value")
        }
        if let column = query["field"], !column.isEmpty {
            guard column.unicodeScalars.count <= 256 else {
                throw RequestError(.badRequest, "A column's name is at most 256 characters.")
                    .parameter("field")
            }
            filter.field = RespondentFieldValue(column: column, value: value)
        }
        if let text = query["from"], !text.isEmpty {
            filter.receivedFrom = try day(text, "from").start
        }
        if let text = query["to"], !text.isEmpty {
            filter.receivedBefore = try day(text, "to").end
        }
        return filter
    }

    /// The day a `from` or `to` parameter names.
    private static func day(_ text: String, _ parameter: String) throws -> ReceivedDay {
        guard let day = ReceivedDay(text) else {
            throw RequestError(
                .badRequest, "A day is written YYYY-MM-DD, from 0001-01-01 to 9999-12-31."
            ).parameter(parameter)
        }
        return day
    }

    /// `filter` as the parameters `filter(in:)` reads back (`state`, `user`, `device`, `q`,
    /// `field`, `value`, `from`, `to`),
    /// after those `query` holds.
    static func append(_ filter: RespondentFilter, to query: inout QueryString) {
        for (name, value) in parameters(of: filter) { query.append(name, value) }
    }

    /// `filter` as the parameters `filter(in:)` reads back, by name, in order: what a link
    /// and a form's hidden fields carry.
    static func parameters(of filter: RespondentFilter) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        if let state = filter.state { parameters.append(("state", state.rawValue)) }
        if let user = filter.user { parameters.append(("user", user)) }
        if let device = filter.device { parameters.append(("device", device)) }
        if let search = filter.search {
            parameters.append(("q", search.words.joined(separator: " ")))
        }
        if let field = filter.field {
            parameters.append(("field", field.column))
            parameters.append(("value", field.value))
        }
        if let from = filter.receivedFrom {
            parameters.append(("from", ReceivedDay(holding: from).text))
        }
        if let before = filter.receivedBefore {
            parameters.append(("to", ReceivedDay(holding: before).previous.text))
        }
        return parameters
    }

    /// What of `asked` the request's user may see: whoever may review respondents (an admin,
    /// or the one person of a server without users) sees everyone's; anyone else only what
    /// they sent, and asking for another user's is refused.
    static func visible(_ asked: RespondentFilter) throws -> RespondentFilter {
        guard !mayReadEveryone else { return asked }
        guard let user = SignedInUser.current else {
            throw RequestError(.forbidden, "Only an admin sees every respondent.")
        }
        if let other = asked.user, other != user {
            throw RequestError(.forbidden, "\(user) sees only the respondents they sent.")
                .parameter("user")
        }
        var own = asked
        own.user = user
        return own
    }

    /// Whether the request's user sees every respondent, not only what they sent.
    static var mayReadEveryone: Bool {
        PageViewer.current.mayUse(.post, "/api/respondent-reviews")
    }
}
