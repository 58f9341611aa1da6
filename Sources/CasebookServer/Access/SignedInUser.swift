import HTTPTypes
import Hummingbird

/// Who a request comes from, as `AccessMiddleware` found out: it removes this header from
/// every request it is given and sets it only for a signed-in session or a valid token, so
/// the routes after it can trust it.
enum SignedInUser {
    static var header: HTTPField.Name { HTTPField.Name("Casebook-Signed-In-User")! }

    static func name(of request: Request) -> String? {
        request.headers[header]
    }

    /// `request` with the header set to `name` (or removed).
    static func setting(_ name: String?, on request: Request) -> Request {
        guard name != nil || request.headers[header] != nil else { return request }
        var head = request.head
        head.headerFields[header] = name
        return Request(head: head, body: request.body)
    }
}
