import CasebookForms
import Hummingbird

/// A segment of the request's path that its route names (`{id}`), percent-decoded strictly, so
/// that an id holding `/`, a space or a letter beyond ASCII is found under its encoded form.
enum PathParameter {
    static func text(_ name: String, in context: some RequestContext) throws(RequestError)
        -> String
    {
        guard let raw = context.parameters.get(name) else {
            throw RequestError(.notFound, "the path has no \(name)")
        }
        do {
            return try PercentDecoding.text(raw.utf8, plusIsSpace: false)
        } catch {
            throw RequestError(.badRequest, "the path's \(name) \(error.problem)").parameter(name)
        }
    }

    /// `text` as a segment of a path that `text(_:in:)` reads back: every byte but the
    /// unreserved characters of RFC 3986 percent-encoded, as a query's values are.
    static func encoded(_ text: String) -> String {
        QueryString.encoded(text)
    }
}
