import CasebookFileSystem
import Hummingbird

/// Answers 421 (Misdirected Request) to a request for a host the server does not serve, and
/// 400 to one that names two hosts (see `RequestTargetGuard`) or none (RFC 9112, 3.2).
struct AllowedHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let problem = request.headers[RequestTargetGuard.problemHeaderName] {
            throw RequestError(.badRequest, problem)
        }
        guard request.head.authority != nil else {
            throw RequestError(
                .badRequest, "the request names no host: send a Host header")
        }
        guard hosts.allows(authority: request.head.authority) else {
            let authority = request.head.authority
            // A name that is not printable ASCII reaches here with U+FFFD in place of bytes
            // that were not UTF-8: said as such, never shown altered.
            if let authority, !TextBytes.isVisibleASCII(authority) {
                throw RequestError(
                    .misdirectedRequest,
                    "this server does not answer for a host name that is not printable ASCII; "
                        + "host names are ASCII (IDNA for others)")
            }
            throw RequestError(
                .misdirectedRequest,
                "this server does not answer for the host '\(authority ?? "")'; its operator can allow it with --allowed-host"
            )
        }
        return try await next(request, context)
    }
}
