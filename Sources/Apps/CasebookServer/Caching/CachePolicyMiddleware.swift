import Hummingbird

/// Whom an answer may be kept for. An answer whose route says nothing is kept by nobody but
/// the browser that asked, and asked again before each use (`Cache-Control: private,
/// no-cache`): a page holds the signed-in user's name and a CSRF token, an API answer what the
/// token's user may read. Every answer not marked `public` varies by `Cookie` and
/// `Authorization`, so that no cache hands one user's answer to another. What is the same for
/// everyone (the stylesheet, the script, the API's description, a public menu) says `public`
/// on its route.
struct CachePolicyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        let control = response.headers[.cacheControl] ?? "private, no-cache"
        response.headers[.cacheControl] = control
        if !control.contains("public") {
            Self.addVary(["Cookie", "Authorization"], to: &response.headers)
        }
        return response
    }

    /// Adds `names` to the `Vary` of `headers`, each once.
    static func addVary(_ names: [String], to headers: inout HTTPFields) {
        let given = headers[values: .vary].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let missing = names.filter { name in
            !given.contains { $0.caseInsensitiveCompare(name) == .orderedSame || $0 == "*" }
        }
        guard !missing.isEmpty else { return }
        headers[.vary] = (given + missing).joined(separator: ", ")
    }
}
