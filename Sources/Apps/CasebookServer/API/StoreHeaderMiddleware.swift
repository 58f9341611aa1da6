import HTTPTypes
import Hummingbird

/// Names the respondent store in every successful answer's `Casebook-Store` header.
struct StoreHeaderMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("Casebook-Store")! }

    let identity: StoreIdentity

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if let store = try await identity.valueIfAny() { response.headers[Self.header] = store }
        return response
    }
}
