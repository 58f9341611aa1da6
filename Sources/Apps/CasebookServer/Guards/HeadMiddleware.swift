import Hummingbird

/// A `HEAD` gets the answer its `GET` would, headers and all, without the body (RFC 9110,
/// 9.3.2): the router answers a HEAD from the GET route, and this strips the body of every
/// answer, refusals included.
struct HeadMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        do {
            return try await next(request, context).createHeadResponse()
        } catch let error as HTTPResponseError {
            return try error.response(from: request, context: context).createHeadResponse()
        }
    }
}
