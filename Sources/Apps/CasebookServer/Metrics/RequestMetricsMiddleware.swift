import Hummingbird

/// Times every request that reaches a route and counts it under the route's pattern (never
/// the path itself, whose ids would make a series per entry).
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        do {
            let response = try await next(request, context)
            metrics.record(
                method: method, route: context.endpointPath ?? "unmatched",
                status: response.status.code, duration: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.record(
                method: method, route: context.endpointPath ?? "unmatched", status: status,
                duration: ContinuousClock.now - start)
            throw error
        }
    }
}
