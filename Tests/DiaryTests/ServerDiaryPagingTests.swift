import CasebookTestSupport
import DiaryCore
import DiaryHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import PostgresTestSupport
import Synchronization
import Testing

/// `--server` against a server whose pages never end: a page that names a next one must bring
/// entries not seen before, or the listing stops with an error naming the server, after a
/// bounded number of requests, never looping.
@Suite("A server's pages that never end")
struct ServerDiaryPagingTests {
    final class Requests: Sendable {
        let count = Mutex(0)
        func next() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }

    /// A hostile peer on a loopback port: every `GET /api/diary` answered by `page`, given the
    /// number of the request, up to 50 requests; past them, a 500 (so that a client that never
    /// stops fails the test instead of running for ever).
    private func withPeer(
        _ requests: Requests, page: @escaping @Sendable (Int) -> String,
        _ body: @escaping @Sendable (ServerDiaryStore) throws -> Void
    ) async throws {
        let router = Router()
        router.get("api/diary") { _, _ in
            let number = requests.next()
            guard number <= 50 else { return Response(status: .internalServerError) }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: page(number))))
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let store = ServerDiaryStore(
                server: URL(string: "http://127.0.0.1:\(port)")!, token: nil, zone: .gmt)
            try await PostgresTesting.onOwnThread { try body(store) }
        }
    }

    static func entry(_ number: Int) -> String {
        let id = String(format: "00000000-0000-4000-8000-%012d", number)
        return #"{"id":"\#(id)","date":"2026-01-01T00:00:00.000Z","text":"entry \#(number)"}"#
    }

    @Test func emptyPagesThatNameANextOneStopTheListing() async throws {
        let requests = Requests()
        let empty: @Sendable (Int) -> String = { #"{"entries":[],"next":"c\#($0)"}"# }
        try await withPeer(requests, page: empty) { store in
            #expect {
                _ = try store.count()
            } throws: { error in
                "\(error)".contains("an empty page that names a next one")
            }
        }
        #expect(requests.count.withLock { $0 } == 1)
    }

    @Test func pagesThatRepeatEntriesStopTheListing() async throws {
        let requests = Requests()
        let entries = (0..<3).map(Self.entry).joined(separator: ",")
        let same: @Sendable (Int) -> String = { #"{"entries":[\#(entries)],"next":"c\#($0)"}"# }
        try await withPeer(requests, page: same) { store in
            #expect {
                _ = try store.newestEntries(limit: Int.max, after: nil)
            } throws: { error in
                "\(error)".contains("entries it already sent")
            }
        }
        #expect(requests.count.withLock { $0 } == 2)
    }

    @Test func aCursorGivenAgainStopsTheListing() async throws {
        let requests = Requests()
        let again: @Sendable (Int) -> String = {
            #"{"entries":[\#(Self.entry($0))],"next":"same"}"#
        }
        try await withPeer(requests, page: again) { store in
            #expect {
                _ = try store.count()
            } throws: { error in
                "\(error)".contains("a next page it already named")
            }
        }
        #expect(requests.count.withLock { $0 } == 2)
    }
}
