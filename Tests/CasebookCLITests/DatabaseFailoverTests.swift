import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// `casebook serve` on a database URL of two hosts, the first a primary that is demoted while
/// the server runs (its sessions turned read-only, as a standby's are): the write that finds
/// it out is a 503 with `Retry-After`, and the server moves to the host that now accepts
/// writes by itself, without a restart, saying so in `/metrics`.
@Suite("A server whose primary is demoted")
struct DatabaseFailoverTests {
    @Test func movesToTheHostThatNowAcceptsWritesWithoutARestart() async throws {
        let (first, second) = try await PostgresTesting.onOwnThread {
            (try PostgresCluster.makeOwn(), try PostgresCluster.shared)
        }
        defer { first.stop() }
        let name = second.nextDatabaseName()
        try await PostgresTesting.onOwnThread {
            for cluster in [first, second] {
                try cluster.psql("CREATE DATABASE \(name)", database: "postgres")
            }
        }
        // The standby-to-be has the tables a replica would have: a command migrates them.
        let migrated = try CasebookExecutable.run([
            "diary", "list", "--database", second.url(database: name),
        ])
        #expect(migrated.status == 0, "\(migrated.standardError)")
        let url =
            "postgres://casebook@127.0.0.1:\(first.port),127.0.0.1:\(second.port)/\(name)"
            + "?sslmode=disable&target_session_attrs=read-write"
        // A deadline a busy machine keeps for the requests that must succeed; the refusals
        // come at once (SQLSTATE 25006).
        let server = try ServerProcess(arguments: [
            "--database", url, "--database-timeout", "5",
        ])
        let before = try await ManyInstancesTests.send(
            server, "POST", "api/diary", json: ["text": "on the first"])
        #expect(before.status == 201)

        try await PostgresTesting.onOwnThread { try first.turnReadOnly() }
        let during = try await ManyInstancesTests.send(
            server, "POST", "api/diary", json: ["text": "refused"])
        #expect(during.status == 503)
        #expect(during.retryAfter == "1")
        // The walk that the refusal began takes a few connections; each try meanwhile is a
        // quick 503. Tried for at most 15 seconds, well past a walk on a busy machine; each
        // try's text is its own, so that the one answered 201 is found once.
        var written: String?
        let giveUp = ContinuousClock.now + .seconds(15)
        var tries = 0
        while ContinuousClock.now < giveUp, written == nil {
            tries += 1
            let answer = try await ManyInstancesTests.send(
                server, "POST", "api/diary", json: ["text": "on the second, try \(tries)"])
            if answer.status == 201 { written = "on the second, try \(tries)" }
            #expect(answer.status == 201 || answer.status == 503)
        }
        #expect(written != nil)
        #expect(server.process.isRunning)
        let listed = try await ManyInstancesTests.send(server, "GET", "api/diary")
        let entries = try #require(listed.json?["entries"] as? [[String: Any]])
        let texts = entries.compactMap { $0["text"] as? String }
        #expect(texts.filter { $0 == written }.count == 1)
        #expect(!texts.contains("refused") && !texts.contains("on the first"))
        #expect(try await ManyInstancesTests.send(server, "GET", "health").status == 200)
        let metrics = try await ManyInstancesTests.send(server, "GET", "metrics").text
        #expect(metrics.contains("casebook_database_host_switches 1"))
    }
}
