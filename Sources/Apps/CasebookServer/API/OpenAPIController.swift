import Hummingbird

/// `GET /openapi.json`: the OpenAPI 3.1 description of the JSON API, kept in the source tree
/// (`Resources/openapi.json`) and compiled into the server.
struct OpenAPIController: Sendable {
    func addRoutes(to router: Router<some RequestContext>) {
        let description = ByteBuffer(bytes: PackageResources.openapi_json)
        router.get("/openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: "application/json; charset=utf-8", .cacheControl: "max-age=3600",
                ],
                body: .init(byteBuffer: description))
        }
    }
}
