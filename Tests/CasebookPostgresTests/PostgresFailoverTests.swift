import CasebookPostgres
import CasebookTestSupport
import Foundation
import PostgresNIO
import PostgresTestSupport
import StoreFailures
import Testing

/// A database of several hosts while it runs, against real servers started by the tests: when
/// the host in use turns read-only (a demoted primary) or goes away, the operation that finds
/// it out fails as the store's unavailability (a 503), the hosts are walked again, and the next
/// operations go to the host that now accepts writes, with no restart. A refused statement is
/// the statement's fault, not the host's: it moves nothing.
@Suite("Leaving a primary that is no longer one")
struct PostgresFailoverTests {
    /// Two servers with a database of the same name and a table of numbers: one of the test's
    /// own, first in the URL, and the shared one after it.
    struct Pair {
        let first: PostgresCluster
        let second: PostgresCluster
        let name: String
        var url: DatabaseURL {
            get throws {
                try DatabaseURL(
                    "postgres://casebook@127.0.0.1:\(first.port),127.0.0.1:\(second.port)/\(name)"
                        + "?sslmode=disable&target_session_attrs=read-write")
            }
        }

        static func make() async throws -> Pair {
            try await PostgresTesting.onOwnThread {
                let (first, second) = (try PostgresCluster.makeOwn(), try PostgresCluster.shared)
                let name = second.nextDatabaseName()
                for cluster in [first, second] {
                    try cluster.psql("CREATE DATABASE \(name)", database: "postgres")
                    try cluster.psql("CREATE TABLE numbers (n int PRIMARY KEY)", database: name)
                }
                return Pair(first: first, second: second, name: name)
            }
        }

        func numbers(on cluster: PostgresCluster) async throws -> String {
            try await PostgresTesting.onOwnThread {
                try cluster.psql(
                    "SELECT string_agg(n::text, ',' ORDER BY n) FROM numbers", database: name
                )
                .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }

        func turnReadOnly(_ cluster: PostgresCluster) async throws {
            try await PostgresTesting.onOwnThread { try cluster.turnReadOnly() }
        }
    }

    static func insert(_ number: Int, into database: CasebookPostgres.PostgresDatabase) async throws
    {
        try await database.operations.run(store: "numbers", on: database.client) { client in
            try await client.query("INSERT INTO numbers VALUES (\(number))")
        }
    }

    /// `body` with the database of `url` and its pool running. The deadline is one no test
    /// waits out unless it passes its own: on a machine busy with the whole test command, a
    /// host that is there may take seconds to answer.
    static func running(
        _ url: DatabaseURL, deadline: Duration = .seconds(20),
        _ body: @Sendable (CasebookPostgres.PostgresDatabase) async throws -> Void
    ) async throws {
        let database = try await CasebookPostgres.PostgresDatabase.connecting(
            to: url, deadline: deadline, logger: CasebookPostgres.PostgresDatabase.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            try await body(database)
        }
    }

    @Test func aPrimaryTurnedReadOnlyIsLeftForTheHostThatNowAcceptsWrites() async throws {
        let pair = try await Pair.make()
        defer { pair.first.stop() }
        try await Self.running(try pair.url) { database in
            try await Self.insert(1, into: database)
            try await pair.turnReadOnly(pair.first)
            await #expect(throws: StoreUnavailableError.self) {
                try await Self.insert(2, into: database)
            }
            await database.hostsWalked()
            try await Self.insert(3, into: database)
            #expect(database.currentURL.port == pair.second.port)
            #expect(database.hostSwitches == 1 && database.hostWalks == 1)
        }
        #expect(try await pair.numbers(on: pair.first) == "1")
        #expect(try await pair.numbers(on: pair.second) == "3")
    }

    /// During a failover no host accepts writes for a while (the standby is not promoted
    /// yet): the walk keeps looking, a second apart, and moves to the new primary once there
    /// is one, with no operation failing again to start it.
    @Test(.highPriority) func aWalkThatFindsNoPrimaryLooksAgainUntilOneIsPromoted() async throws {
        let (first, second) = try await PostgresTesting.onOwnThread {
            (try PostgresCluster.makeOwn(), try PostgresCluster.makeOwn())
        }
        defer {
            first.stop()
            second.stop()
        }
        let pair = try await PostgresTesting.onOwnThread {
            let name = "numbers"
            for cluster in [first, second] {
                try cluster.psql("CREATE DATABASE \(name)", database: "postgres")
                try cluster.psql("CREATE TABLE numbers (n int PRIMARY KEY)", database: name)
            }
            try second.turnReadOnly()
            return Pair(first: first, second: second, name: name)
        }
        try await Self.running(try pair.url) { database in
            try await Self.insert(1, into: database)
            try await pair.turnReadOnly(first)
            await #expect(throws: StoreUnavailableError.self) {
                try await Self.insert(2, into: database)
            }
            // The walk is under way and finds no host that accepts writes; then one does.
            try await PostgresTesting.onOwnThread { try second.turnWritable() }
            await database.hostsWalked()
            #expect(database.currentURL.port == second.port)
            try await Self.insert(3, into: database)
        }
        #expect(try await pair.numbers(on: second) == "3")
    }

    @Test(.highPriority) func aPrimaryThatWentAwayIsLeftForTheNextHost() async throws {
        let pair = try await Pair.make()
        defer { pair.first.stop() }
        // The operation after the stop waits out the deadline (the pool keeps retrying the
        // host); choosing the first host and the operation before the stop must not, on a
        // machine busy with the whole test command beside this test.
        try await Self.running(try pair.url, deadline: .seconds(10)) { database in
            try #require(
                database.currentURL.port == pair.first.port,
                "the first host answered too slowly to be chosen at the start")
            try await Self.insert(1, into: database)
            try await PostgresTesting.onOwnThread { pair.first.stop() }
            await #expect(throws: StoreUnavailableError.self) {
                try await Self.insert(2, into: database)
            }
            await database.hostsWalked()
            try await Self.insert(3, into: database)
            #expect(database.currentURL.port == pair.second.port)
        }
        #expect(try await pair.numbers(on: pair.second) == "3")
    }

    /// A statement the server refuses (here a number already there) says nothing of the host.
    @Test func aRefusedStatementMovesNothing() async throws {
        let pair = try await Pair.make()
        defer { pair.first.stop() }
        try await Self.running(try pair.url) { database in
            try await Self.insert(1, into: database)
            await #expect(throws: StoreUnavailableError.self) {
                try await Self.insert(1, into: database)
            }
            await database.hostsWalked()
            try await Self.insert(2, into: database)
            #expect(database.currentURL.port == pair.first.port)
            #expect(database.hostWalks == 0 && database.hostSwitches == 0)
        }
        #expect(try await pair.numbers(on: pair.first) == "1,2")
    }

    /// A host that answers slowly is checked before anything moves: when it answers as the
    /// URL asks, the pool stays.
    @Test(.highPriority) func aHostThatStillAnswersAsAskedIsKept() async throws {
        let pair = try await Pair.make()
        defer { pair.first.stop() }
        // A deadline a busy machine keeps for connecting and for the check; the statement
        // takes longer.
        try await Self.running(try pair.url, deadline: .seconds(3)) { database in
            await #expect(throws: StoreUnavailableError.self) {
                try await database.operations.run(store: "numbers", on: database.client) {
                    try await $0.query("SELECT pg_sleep(30)")
                }
            }
            await database.hostsWalked()
            #expect(database.hostWalks == 0 && database.hostSwitches == 0)
        }
    }

    /// One host asking for any server: nothing to walk, the pool's own reconnecting is enough,
    /// even when the host is out of reach.
    @Test func oneHostOfAnyKindIsNeverWalkedAgain() async throws {
        let port = try FreePort.find()
        let url = try DatabaseURL("postgres://casebook@127.0.0.1:\(port)/none?sslmode=disable")
        try await Self.running(url, deadline: .milliseconds(300)) { database in
            await #expect {
                try await database.operations.run(store: "numbers", on: database.client) {
                    try await $0.query("SELECT 1")
                }
            } throws: { ($0 as? StoreUnavailableError)?.isTemporary == true }
            await database.hostsWalked()
            #expect(database.currentURL == url)
            #expect(database.hostWalks == 0 && database.hostSwitches == 0)
        }
    }
}
