import CasebookServer
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// The server's stores in a data directory of their own (removed afterwards), and its routes to
/// send requests to, in memory.
///
/// Each fixture holds about twenty descriptors (four SQLite databases with their journals, an
/// inotify watch). Swift Testing starts every async test at once, so suites built on stores run
/// their tests one at a time (`.serialized`): together they held 1,758 descriptors, past the
/// point where Foundation's `Process.run()` crashes the CLI tests (see `ProcessLaunch`).
struct RouteFixture: Sendable {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(
            .router, body)
    }

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await test { client in
            var pages = PageClient(client)
            try await body(&pages)
        }
    }

    /// The `detail` of a problem the API answered.
    static func errorMessage(_ body: ByteBuffer) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])?[
            "detail"] as? String
    }

    static let json: HTTPFields = [.contentType: "application/json"]
}
