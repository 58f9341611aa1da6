import HTTPTypes
import Hummingbird

/// Refuses what another site could make a visitor's browser send. A request that may change data
/// (any method but GET, HEAD and OPTIONS) is refused with 403 when its `Origin` is not this
/// server's own or `Sec-Fetch-Site` says it came from elsewhere; under `/api/`, one with a body
/// must also be `application/json` (415), which no cross-site form or simple fetch can send.
/// Forms keep their CSRF token besides.
struct CrossSiteMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The scheme clients reach this server by: `https` when the server, or the proxy in front
    /// of it, serves HTTPS. (An HTTP/1.1 request names none, and a request line's own, from a
    /// client, says nothing of the browser's page.)
    var scheme = "http"

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let refusal = Self.refusal(of: request, scheme: scheme) { throw refusal }
        return try await next(request, context)
    }

    static func refusal(of request: Request, scheme: String = "http") -> RequestError? {
        let method = request.method
        guard method != .get, method != .head, method != .options else { return nil }
        if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" {
            return RequestError(
                .forbidden, "requests from another site are refused (Sec-Fetch-Site: \(site))")
        }
        if let origin = request.headers[.origin],
            !isOwn(origin: origin, of: request, scheme: scheme)
        {
            return RequestError(
                .forbidden, "requests from another site are refused (Origin: \(origin))")
        }
        if APIPath.contains(request.uri.path), method != .delete,
            !isJSON(request.headers[.contentType])
        {
            return RequestError(
                .unsupportedMediaType,
                "a request that changes data must send Content-Type: application/json")
        }
        return nil
    }

    /// Whether `origin` is the scheme clients reach this server by and the authority this
    /// request was sent to.
    private static func isOwn(origin: String, of request: Request, scheme: String) -> Bool {
        guard let authority = request.head.authority else { return false }
        let own = "\(scheme)://\(authority)"
        return origin.utf8.count == own.utf8.count && origin.lowercased() == own.lowercased()
    }

    /// Whether a `Content-Type` names JSON, whatever its case and parameters.
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        return mediaType.lowercased() == "application/json"
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
