import Hummingbird

/// Answers 421 (Misdirected Request) to a request for a host the server does not serve.
struct AllowedHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard hosts.allows(authority: request.head.authority) else {
            let named = request.head.authority.map { "'\($0)'" } ?? "(none)"
            throw RequestError(
                .misdirectedRequest,
                "this server does not answer for the host \(named); its operator can allow it with --allowed-host"
            )
        }
        return try await next(request, context)
    }
}
