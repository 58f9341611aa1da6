import AccountsCore
import Hummingbird

/// Writes to the audit log what the routes of `RouteTable.audited` did once they did it (an
/// answer below 400): the menu saved, respondents reviewed, a diary imported or exported, the
/// survey exported — by whom (`SignedInUser`), from where, on which route; never what was sent.
/// Runs after `AccessMiddleware`, which binds who the request comes from.
struct AuditMiddleware<Context: RequestContext>: RouterMiddleware {
    let audit: AuditRecorder

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard response.status.code < 400, let pattern = context.endpointPath,
            let audited = RouteTable.audited["\(request.method) \(pattern)"],
            audited.applies(request)
        else { return response }
        let subject = context.parameters.first.map { String($0.value) }
        await audit.record(
            audited.action, actor: SignedInUser.current, subject: subject,
            detail: "\(request.method) \(pattern)", request: request)
        return response
    }
}
