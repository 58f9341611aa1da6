import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several `casebook serve` processes on one PostgreSQL database, as behind a load balancer:
/// whatever is written through one is what every other one serves, at once.
@Suite("Many servers, one PostgreSQL database")
struct ManyInstancesTests {
    @Test func aDiaryEntryWrittenThroughOneServerIsOnTheOthersListPageAtOnce() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        let first = try ServerProcess(arguments: ["--database", database])
        let second = try ServerProcess(arguments: ["--database", database])
        // The second server's list page, cached before the entry exists.
        #expect(try await Self.text(second, "diary").contains("No entries yet") == true)
        for number in 1...3 {
            let created = try await Self.send(
                first, "POST", "api/diary", json: ["text": "Walked to the lighthouse, \(number)."])
            #expect(created.status == 201)
            let page = try await Self.text(second, "diary")
            #expect(page.contains("Walked to the lighthouse, \(number)."))
        }
        let listed = try await Self.send(second, "GET", "api/diary")
        let entries = try #require(listed.json?["entries"] as? [[String: Any]])
        #expect(entries.count == 3)
        let id = try #require(entries.first?["id"] as? String)
        #expect(try await Self.send(first, "DELETE", "api/diary/\(id)").status == 204)
        #expect(try await Self.send(second, "GET", "api/diary/\(id)").status == 404)
        #expect(!(try await Self.text(second, "diary").contains("lighthouse, 3.")))
    }

    /// Behind nginx (round-robin), requests go to both servers, and every page any of them
    /// serves shows every entry written through either.
    @Test func behindALoadBalancerEveryServerServesTheSameDiary() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        let servers = [
            try ServerProcess(arguments: ["--database", database]),
            try ServerProcess(arguments: ["--database", database]),
        ]
        let balancer = try LoadBalancer(backends: servers.map(\.url))
        let front = balancer.url
        for number in 1...6 {
            let created = try await Self.send(
                front, "POST", "api/diary", json: ["text": "Entry \(number) through nginx"])
            #expect(created.status == 201)
            let page = try await Self.send(front, "GET", "diary").text
            for seen in 1...number { #expect(page.contains("Entry \(seen) through nginx")) }
        }
        // Round-robin alternates servers request by request: here one takes every write and
        // the other every page, and the pages still show every entry at once.
        for server in servers {
            let metrics = try await Self.send(server, "GET", "metrics").text
            let served = metrics.split(separator: "\n").filter {
                $0.hasPrefix("casebook_http_requests_total{")
                    && ($0.contains(#"route="/api/diary""#) || $0.contains(#"route="/diary""#))
            }.compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
            #expect(served >= 6, "each server took its share: \(served)")
        }
    }

    /// Two people edit one entry through different servers: the second save, made from the
    /// revision both read, is refused (412) on either server, and the first is kept.
    @Test func aStaleEditThroughAnotherServerIsRefusedNotLost() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        let first = try ServerProcess(arguments: ["--database", database])
        let second = try ServerProcess(arguments: ["--database", database])
        let created = try await Self.send(first, "POST", "api/diary", json: ["text": "opened"])
        let id = try #require(created.json?["id"] as? String)
        let read = try #require(try await Self.send(second, "GET", "api/diary/\(id)").eTag)
        #expect(read == created.eTag)
        let mine = try await Self.send(
            second, "PUT", "api/diary/\(id)", json: ["text": "mine"], ifMatch: read)
        #expect(mine.status == 200)
        let theirs = try await Self.send(
            first, "PUT", "api/diary/\(id)", json: ["text": "theirs"], ifMatch: read)
        #expect(theirs.status == 412)
        #expect(theirs.eTag == mine.eTag)
        #expect(
            try await Self.send(first, "GET", "api/diary/\(id)").json?["text"] as? String == "mine")
    }

    /// Two servers upserting the same respondents at once: upserts apply one after another, so
    /// every respondent ends with the very last batch's values, each stored once.
    @Test func concurrentUpsertsOfTheSameIdsKeepTheLastWriteAndLoseNone() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        let servers = [
            try ServerProcess(arguments: ["--database", database]),
            try ServerProcess(arguments: ["--database", database]),
        ]
        let ids = (0..<200).map { "r\($0)" }
        let rounds = 8
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, server) in servers.enumerated() {
                group.addTask {
                    for round in 0..<rounds {
                        let batch = ids.map { ["id": $0, "writer": "\(index)-\(round)"] }
                        let answer = try await Self.send(
                            server, "POST", "api/respondents", json: batch)
                        #expect(answer.status == 200)
                    }
                }
            }
            try await group.waitForAll()
        }
        var writers: [String: String] = [:]
        var after = ""
        while true {
            let page = try await Self.send(
                servers[1], "GET", "api/respondents?limit=100&after=\(after)")
            let respondents = try #require(page.json?["respondents"] as? [[String: Any]])
            if respondents.isEmpty { break }
            for respondent in respondents {
                let id = try #require(respondent["id"] as? String)
                #expect(writers[id] == nil, "\(id) is listed once")
                writers[id] = respondent["writer"] as? String
            }
            after = try #require(respondents.last?["id"] as? String)
        }
        #expect(writers.count == ids.count)
        let last = Set(writers.values)
        #expect(last.count == 1, "one batch was last for every respondent: \(last)")
        #expect(last == ["0-\(rounds - 1)"] || last == ["1-\(rounds - 1)"])
    }

    /// The database stops mid-run: every request that needs it is a 503 saying so (JSON or a
    /// page), the server keeps running, and when the database is back it serves again by
    /// itself, with nothing lost.
    @Test func theDatabaseGoingAwayIsA503AndTheServerRecoversByItself() async throws {
        let cluster = try await PostgresTesting.onOwnThread { try PostgresCluster.makeOwn() }
        let database = try await PostgresTesting.onOwnThread { try cluster.makeDatabase() }
        let server = try ServerProcess(arguments: [
            "--database", database, "--database-timeout", "1",
        ])
        let created = try await Self.send(server, "POST", "api/diary", json: ["text": "kept"])
        #expect(created.status == 201)
        try await PostgresTesting.onOwnThread { cluster.stop() }

        let health = try await Self.send(server, "GET", "health")
        #expect(health.status == 503)
        #expect(health.text.contains("127.0.0.1:\(cluster.port) does not answer"))
        let list = try await Self.send(server, "GET", "api/diary")
        #expect(list.status == 503)
        #expect(list.retryAfter == "1")
        // Whichever store the request reaches first (whether the server has users, or the
        // diary) is named.
        #expect(
            (list.json?["detail"] as? String)?.contains("store cannot be used right now") == true)
        let page = try await Self.send(server, "GET", "diary")
        #expect(page.status == 503)
        #expect(page.text.contains("<html"))
        let upsert = try await Self.send(
            server, "POST", "api/respondents", json: [["id": "r1", "name": "Ada"]])
        #expect(upsert.status == 503)
        #expect(server.process.isRunning)

        try await PostgresTesting.onOwnThread { try cluster.start() }
        #expect(try await Self.send(server, "GET", "health").status == 200)
        // The pool reconnects on its own; each try waits at most the store's deadline.
        var recovered: Answer?
        for _ in 0..<20 {
            let answer = try await Self.send(server, "GET", "api/diary")
            if answer.status == 200 {
                recovered = answer
                break
            }
        }
        let entries = try #require(recovered?.json?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["text"] as? String } == ["kept"])
        cluster.stop()
    }

    @Test func aDatabaseOutOfReachStopsTheServerWithOneLineNamingHostAndPort() throws {
        let port = try FreePort.find()
        let result = try CasebookExecutable.run([
            "serve", "--port", "0", "--database",
            "postgres://ada:hunter2@127.0.0.1:\(port)/casebook?sslmode=disable",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "casebook serve: cannot use the PostgreSQL database casebook at 127.0.0.1:\(port): Connection refused\n"
        )
        #expect(!result.standardError.contains("hunter2"))
        #expect(!result.standardOutput.contains("hunter2"))
    }

    @Test func aBadDatabaseURLIsRefusedBeforeStarting() throws {
        let result = try CasebookExecutable.run([
            "serve", "--port", "0", "--database", "mysql://ada@db/casebook",
        ])
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "--database: the database URL must start with postgres:// or postgresql://"))
    }

    @Test func healthSaysTheDatabaseAnswersAndMetricsCountItsOperations() async throws {
        let server = try ServerProcess(arguments: [
            "--database", try await PostgresTesting.newDatabaseURL(),
        ])
        let health = try await Self.send(server, "GET", "health")
        #expect(health.status == 200)
        #expect(health.text == "ok")
        _ = try await Self.send(server, "GET", "api/diary")
        let metrics = try await Self.send(server, "GET", "metrics").text
        #expect(metrics.contains("casebook_database_operations_in_flight 0"))
        #expect(metrics.contains(#"casebook_database_operations{outcome="succeeded"} "#))
        #expect(!metrics.contains(#"casebook_database_operations{outcome="succeeded"} 0"#))
        #expect(metrics.contains(#"casebook_database_operations{outcome="timed_out"} 0"#))
    }

    struct Answer {
        let status: Int
        let text: String
        var eTag: String?
        var retryAfter: String?
        var json: [String: Any]? {
            try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        }
    }

    static func send(
        _ server: ServerProcess, _ method: String, _ path: String, json: Any? = nil,
        ifMatch: String? = nil
    ) async throws -> Answer {
        try await send(server.url, method, path, json: json, ifMatch: ifMatch)
    }

    static func send(
        _ base: URL, _ method: String, _ path: String, json: Any? = nil, ifMatch: String? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let ifMatch { request.setValue(ifMatch, forHTTPHeaderField: "If-Match") }
        let (body, response) = try await ServerProcess.session.data(for: request)
        let http = response as? HTTPURLResponse
        return Answer(
            status: http?.statusCode ?? 0, text: String(decoding: body, as: UTF8.self),
            eTag: http?.value(forHTTPHeaderField: "ETag"),
            retryAfter: http?.value(forHTTPHeaderField: "Retry-After"))
    }

    static func text(_ server: ServerProcess, _ path: String) async throws -> String {
        try await send(server, "GET", path).text
    }
}
