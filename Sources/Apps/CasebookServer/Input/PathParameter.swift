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

    /// A segment that counts from 1 (a version): its digits alone as sent, without a sign, a
    /// leading zero or a percent-encoding, so that each number has one address, and at most
    /// `limit`.
    static func count(_ name: String, upTo limit: Int, in context: some RequestContext)
        throws(RequestError) -> Int
    {
        // The segment as sent: `%31` is not a second address of 1.
        let text = context.parameters.get(name) ?? ""
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), text.first != "0"
        else {
            throw RequestError(
                .badRequest,
                "the path's \(name) must be a whole number from 1 to \(limit), in digits alone"
            ).parameter(name)
        }
        guard let number = Int(text), number <= limit else {
            throw RequestError(
                .badRequest, "the path's \(name) must be a whole number from 1 to \(limit)"
            ).parameter(name)
        }
        return number
    }

    /// `text` as a segment of a path that `text(_:in:)` reads back: every byte but the
    /// unreserved characters of RFC 3986 percent-encoded, as a query's values are.
    static func encoded(_ text: String) -> String {
        QueryString.encoded(text)
    }
}
