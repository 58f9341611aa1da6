import Hummingbird

/// Answers a path that is not spelled canonically (see `CanonicalPath`) before anything reads
/// it: a GET or HEAD is redirected (308) to the canonical spelling, with its query, when that
/// stays on this server (`LocalRedirect`); anything else is not found. So no route is reached
/// under two spellings, and no check can be made on one spelling while another runs.
struct CanonicalPathMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        switch CanonicalPath.verdict(of: request.uri.path) {
        case .canonical:
            return try await next(request, context)
        case .resolvesTo(let path) where request.method == .get || request.method == .head:
            let target = path + (request.uri.query.map { "?" + $0 } ?? "")
            guard LocalRedirect.isSafe(target) else { throw HTTPError(.notFound) }
            return Response(status: .permanentRedirect, headers: [.location: target])
        case .resolvesTo, .refused:
            throw HTTPError(.notFound)
        }
    }
}
