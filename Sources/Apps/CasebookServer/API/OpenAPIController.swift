import CasebookServerResources
import Hummingbird

/// `GET /openapi.json`: the OpenAPI 3.1 description of the JSON API, kept in the source tree
/// (`Resources/openapi.json`) and compiled into the server.
struct OpenAPIController: Sendable {
    let description = ByteBuffer(bytes: ServerResources.openAPIDescription)

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/openapi.json", use: show)
    }

    /// `GET /openapi.json`: the description, as compiled in.
    @Sendable func show(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8",
                .cacheControl: "public, max-age=3600",
            ],
            body: .init(byteBuffer: description))
    }
}
