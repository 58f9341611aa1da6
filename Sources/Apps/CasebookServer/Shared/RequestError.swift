import CasebookJSON
import CasebookWire
import Hummingbird

/// A request that cannot be met, with a message meant for whoever made it: answered under
/// `/api/` as an RFC 9457 problem (`application/problem+json`: `type`, `title`, `status`,
/// `detail`, and members naming what is at fault), and elsewhere as an HTML page (see
/// `ErrorPageMiddleware`). The message never carries an internal path or a stack trace.
struct RequestError: HTTPResponseError, CustomStringConvertible {
    let status: HTTPResponse.Status
    let message: String
    /// The problem's own members beside the standard ones: `field` (a member of the body),
    /// `parameter` (of the query or the path), `header`, `reason` (why a credential was
    /// refused).
    var members: [String: String] = [:]
    /// Headers the answer carries (`Allow`, `WWW-Authenticate`, `ETag`, `Retry-After`).
    var headers: HTTPFields = [:]
    /// The error page's heading, where the status's own words would mean nothing to a person
    /// ("Encrypted" rather than "423 Locked"); the status's code and words without one.
    var heading: String?
    /// The page's template, where the page offers more than the message (the form that
    /// unlocks an encrypted diary); `error` without one. `templateValues` beside the message.
    var template: String?
    var templateValues: [String: String] = [:]

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A body the wire type refused: a 400 naming its member at fault, when one is.
    init(refusal: WireJSON.Refusal) {
        self.init(.badRequest, refusal.message)
        if let field = refusal.field { members["field"] = field }
    }

    /// A 503 for a store out of reach for now (gone, busy, or its hosts changing places),
    /// which is worth asking again in a moment: `Retry-After: 1`.
    static func temporarilyUnavailable(_ message: String) -> Self {
        var error = Self(.serviceUnavailable, message)
        error.headers[.retryAfter] = "1"
        return error
    }

    /// The same refusal, naming the body's member at fault.
    func field(_ name: String) -> Self { with("field", name) }

    /// The same refusal, naming the query's or path's parameter at fault.
    func parameter(_ name: String) -> Self { with("parameter", name) }

    /// The same refusal, naming the request header at fault.
    func header(_ name: String) -> Self { with("header", name) }

    func with(_ member: String, _ value: String) -> Self {
        var copy = self
        copy.members[member] = value
        return copy
    }

    var description: String { "\(status.code) \(message)" }

    /// The problem as JSON: `type` is `about:blank` (the status says what kind of problem it
    /// is) and `title` the status's phrase.
    var problem: JSONValue {
        var object: [String: JSONValue] = [
            "type": "about:blank", "title": .string(status.reasonPhrase),
            "status": .integer(status.code), "detail": .string(message),
        ]
        for (name, value) in members { object[name] = .string(value) }
        return .object(object)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(json: problem, status: status)
        response.headers[.contentType] = "application/problem+json"
        response.headers.append(contentsOf: headers)
        return response
    }
}
