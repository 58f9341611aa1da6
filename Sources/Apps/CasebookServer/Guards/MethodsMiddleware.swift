import Hummingbird

/// A request the router matched no route for, on a path that some route has: `OPTIONS` is
/// answered 204 with `Allow`, any other method 405 with `Allow` (RFC 9110, 15.5.6), instead of
/// the router's 404. Nobody needs to be signed in to learn which methods a path takes: the
/// API's description says as much to anyone.
struct MethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    let methods: AllowedMethods

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.endpointPath == nil, let allow = methods.allow(forPath: request.uri.path)
        else { return try await next(request, context) }
        if request.method == .options {
            return Response(status: .noContent, headers: [.allow: allow])
        }
        var refusal = RequestError(
            .methodNotAllowed, "\(request.uri.path) takes \(allow), not \(request.method)")
        refusal.headers[.allow] = allow
        throw refusal
    }
}
