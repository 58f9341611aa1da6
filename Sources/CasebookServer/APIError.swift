import Foundation
import Hummingbird
import SurveySync

/// An API failure the client can act on: its status and `{"error": "…"}` naming the problem.
struct APIError: HTTPResponseError, CustomStringConvertible {
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
