import Hummingbird

/// A request that cannot be met, with a message meant for whoever made it: answered as
/// `{"error": "…"}` under `/api/` and as an HTML page elsewhere (see `ErrorPageMiddleware`).
/// The message never carries an internal path or a stack trace.
struct RequestError: HTTPResponseError, CustomStringConvertible {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { "\(status.code) \(message)" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(json: ["error": .string(message)], status: status)
    }
}
