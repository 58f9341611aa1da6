import CasebookWire
import Diary
import Foundation

/// What a list of the diary was asked for, as the client wrote it: words to search for, a
/// first and a last day, tags. The API and the pages read it from a query (`q`, `from`, `to`,
/// `tag` repeated) and write it back into their links to the next page. `from` may also be an
/// instant (an RFC 3339 date and time), and `before` one that the entries precede, for a
/// client whose days are its own.
struct DiaryAsked: Equatable, Hashable, Sendable {
    let search: String?
    let from: String?
    let to: String?
    let before: String?
    let tags: [String]
    /// Only starred entries (`starred=true`).
    let starred: Bool

    /// The parameters that may be repeated: `tag`.
    static let repeatable: Set<String> = ["tag"]

    /// Nothing asked: every entry.
    var isEmpty: Bool {
        search == nil && from == nil && to == nil && before == nil && tags.isEmpty && !starred
    }

    /// What `fields` ask; an empty field asks nothing when `emptyIsNone` (a form's box left
    /// blank).
    init(_ fields: FormFields, emptyIsNone: Bool = false) {
        func given(_ value: String?) -> String? {
            emptyIsNone && value?.isEmpty == true ? nil : value
        }
        search = given(fields["q"])
        from = given(fields["from"])
        to = given(fields["to"])
        before = given(fields["before"])
        tags = fields.values("tag").filter { !(emptyIsNone && $0.isEmpty) }
        starred = fields["starred"] == "true"
    }

    /// A 400 naming `starred` when it is there and neither `true` nor `false`.
    static func checkStarred(in fields: FormFields) throws {
        guard let value = fields["starred"], value != "true", value != "false" else { return }
        throw RequestError(.badRequest, "starred is true or false, not '\(value)'")
            .parameter("starred")
    }

    /// The query asked, its days in `zone`, today by `entries`' clock.
    func query(of entries: DiaryEntries, zone: TimeZone) throws(DiaryQueryError) -> DiaryQuery {
        let fromInstant = from.flatMap(WireDateText.firstMillisecond(notBefore:))
        var query = try DiaryQuery(
            search: search, from: fromInstant == nil ? from : nil, to: to, tags: tags,
            today: entries.today(in: zone), zone: zone)
        query.starredOnly = starred
        if let fromInstant { query.from = fromInstant }
        return query
    }

    /// Adds what was asked to a link's query.
    /// `query` bounded by the instant `before` names too, when it names one; a 400 naming
    /// `before` for anything that is not an RFC 3339 date and time.
    func boundingBefore(_ query: DiaryQuery) throws -> DiaryQuery {
        guard let text = before else { return query }
        let instant = try Self.instant(text, parameter: "before")
        var bounded = query
        bounded.before = min(query.before ?? instant, instant)
        return bounded
    }

    /// The instant `text` names, an RFC 3339 date and time, as a bound: the first millisecond
    /// at or after it (`WireDateText.firstMillisecond(notBefore:)`); a 400 naming `parameter`
    /// for anything else.
    static func instant(_ text: String, parameter: String) throws -> Date {
        guard let instant = WireDateText.firstMillisecond(notBefore: text) else {
            throw RequestError(
                .badRequest,
                "\(parameter) must be an RFC 3339 date and time (2026-03-01T12:00:00Z), not '\(text)'"
            ).parameter(parameter)
        }
        return instant
    }

    func append(to query: inout QueryString) {
        query.append("q", search)
        query.append("from", from)
        query.append("to", to)
        query.append("before", before)
        for tag in tags { query.append("tag", tag) }
        if starred { query.append("starred", "true") }
    }

    /// The query parameter (or form field) each part of a query is read from.
    static func parameter(of error: DiaryQueryError) -> String {
        switch error {
        case .search: "q"
        case .from: "from"
        case .to: "to"
        case .tag, .tooManyTags: "tag"
        }
    }
}
