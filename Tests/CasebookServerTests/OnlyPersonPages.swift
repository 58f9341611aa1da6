import CasebookTestSupport
import Hummingbird
import HummingbirdTesting
import Menu

@testable import CasebookServer

/// A server with no users (its only person's, every page open) on stores in memory, in a data
/// directory of its own: what the suites of the menu's pages start from.
struct OnlyPersonPages: Sendable {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        var stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        stores.users = nil
        self.stores = stores
    }

    /// Runs `body` with the pages of a server on these stores, serving `menu` until another
    /// is saved.
    func withPages(
        menu: Menu = .giuseppes, _ body: @Sendable (inout PageClient) async throws -> Void
    ) async throws {
        let router = try CasebookServer.router(stores: stores, menu: menu)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            try await body(&pages)
        }
    }
}
