import CasebookPostgres
import Hummingbird

/// The server's own routes: `/health` for load balancers (a 503 when the shared database does
/// not answer) and `/metrics` for Prometheus.
struct ServerController: Sendable {
    let metrics: ServerMetrics
    let database: PostgresDatabase?

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/health", use: health)
        router.get("/metrics", use: metricsText)
    }

    @Sendable func health(_ request: Request, context: some RequestContext) async throws -> String {
        if let database, !(await database.isReachable()) {
            throw RequestError.temporarilyUnavailable(
                "the database at \(database.currentURL.address) does not answer")
        }
        return "ok"
    }

    @Sendable func metricsText(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: metrics.text())))
    }
}
