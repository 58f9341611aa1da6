import Hummingbird

/// Headers that keep the pages from being framed, sniffed or fed scripts from elsewhere; and,
/// for a server that serves HTTPS or sits behind a proxy that does (`--secure-cookies`), that
/// asks browsers to reach it over HTTPS alone for a year (`Strict-Transport-Security`).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Whether answers carry `Strict-Transport-Security`.
    var strictTransportSecurity = false

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'none'; form-action 'self'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.init("Referrer-Policy")!] = "same-origin"
        response.headers[.init("X-Frame-Options")!] = "DENY"
        if strictTransportSecurity {
            response.headers[.strictTransportSecurity] = "max-age=31536000"
        }
        return response
    }
}
