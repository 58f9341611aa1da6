import Hummingbird
import NIOCore

/// Reads a state-changing form: size-limited, and refused unless it carries the CSRF token.
enum PostedForm {
    static let limit = 1024 * 1024

    static func read(_ request: Request) async throws -> FormFields {
        let buffer = try await RequestBody.collect(request, upTo: limit)
        let form = try FormFields(buffer.readableBytesView)
        guard CSRFToken.isValid(form: form, request: request) else {
            throw RequestError(
                .forbidden,
                "This form has expired or came from another site. Reload the page and try again.")
        }
        return form
    }
}
