import HTTPTypes
import Hummingbird

/// Refuses what another site could make a visitor's browser send. A request that may change data
/// (any method but GET, HEAD and OPTIONS) is refused with 403 when its `Origin` is not this
/// server's own or `Sec-Fetch-Site` says it came from elsewhere; under `/api/`, one with a body
/// must also be `application/json` (415), which no cross-site form or simple fetch can send.
/// Forms keep their CSRF token besides.
struct CrossSiteMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let refusal = Self.refusal(of: request) { throw refusal }
        return try await next(request, context)
    }

    static func refusal(of request: Request) -> RequestError? {
        let method = request.method
        guard method != .get, method != .head, method != .options else { return nil }
        if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" {
            return RequestError(
                .forbidden, "requests from another site are refused (Sec-Fetch-Site: \(site))")
        }
        if let origin = request.headers[.origin], !isOwn(origin: origin, of: request) {
            return RequestError(
                .forbidden, "requests from another site are refused (Origin: \(origin))")
        }
        if ErrorPageMiddleware<Context>.isAPI(request.uri.path), method != .delete,
            !isJSON(request.headers[.contentType])
        {
            return RequestError(
                .unsupportedMediaType,
                "a request that changes data must send Content-Type: application/json")
        }
        return nil
    }

    /// Whether `origin` is the scheme and authority this request was sent to.
    private static func isOwn(origin: String, of request: Request) -> Bool {
        guard let authority = request.head.authority else { return false }
        let own = "\(request.head.scheme ?? "http")://\(authority)"
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
