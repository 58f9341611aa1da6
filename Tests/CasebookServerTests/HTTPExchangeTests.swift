import CasebookHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// The AsyncHTTPClient exchange `casebook` and the server send their requests with: it follows
/// no redirect (a bearer token is never carried to another address) and reads no answer past
/// its limit.
struct HTTPExchangeTests {
    final class Visits: Sendable {
        let count = Mutex(0)
    }

    private func withServer(
        _ visits: Visits, _ body: @Sendable (URL) async throws -> Void
    ) async throws {
        let router = Router()
        router.get("moved") { _, _ in
            Response(status: .temporaryRedirect, headers: [.location: "/elsewhere"])
        }
        router.get("elsewhere") { _, _ in
            visits.count.withLock { $0 += 1 }
            return "followed"
        }
        router.get("long") { _, _ in String(repeating: "x", count: 2_048) }
        // Its headers at once, then a byte every tenth of a second for a minute.
        router.get("trickle") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<600 {
                        try await writer.write(ByteBuffer(string: "x"))
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    try await writer.finish(nil)
                })
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)/")!)
        }
    }

    @Test func aRedirectIsAnsweredNotFollowed() async throws {
        let visits = Visits()
        try await withServer(visits) { base in
            let answer = try await HTTPExchange.send(
                "GET", to: base.appendingPathComponent("moved"),
                headers: [("Authorization", "Bearer secret")], body: nil, timeout: .seconds(10),
                answerLimit: 1_024)
            #expect(answer.status == 307)
        }
        #expect(visits.count.withLock { $0 } == 0)
    }

    @Test func anAnswerLongerThanTheLimitIsAFailureNamingIt() async throws {
        try await withServer(Visits()) { base in
            await #expect {
                try await HTTPExchange.send(
                    "GET", to: base.appendingPathComponent("long"), headers: [], body: nil,
                    timeout: .seconds(10), answerLimit: 1_024)
            } throws: { error in
                (error as? HTTPExchange.Failure)?.reason == "its answer is longer than 1024 bytes"
            }
            let whole = try await HTTPExchange.send(
                "GET", to: base.appendingPathComponent("long"), headers: [], body: nil,
                timeout: .seconds(10), answerLimit: 2_048)
            #expect(whole.body.count == 2_048)
        }
    }

    /// The timeout holds for the whole answer: a server that sends its headers and then a byte
    /// at a time is given up on when it runs out, not when the body ends.
    @Test func anAnswerTrickledPastTheTimeoutTimesOut() async throws {
        try await withServer(Visits()) { base in
            await #expect {
                try await HTTPExchange.send(
                    "GET", to: base.appendingPathComponent("trickle"), headers: [], body: nil,
                    timeout: .seconds(1), answerLimit: 1_024)
            } throws: { error in
                (error as? HTTPExchange.Failure)?.reason == "timed out"
            }
        }
    }
}
