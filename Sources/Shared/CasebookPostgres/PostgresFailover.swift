import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// The pool of a database whose URL names several hosts or asks for a kind of server, kept on
/// a host of that kind while the server runs. When an operation finds the host in use gone
/// (the connection refused or lost, the deadline passed) or turned read-only (a demoted
/// primary, SQLSTATE 25006), the host is checked on a connection of its own, and if it no
/// longer answers as the URL asks, the hosts are walked again as at start
/// (`PostgresHostWalk`), in the background; a pool for the host found replaces the old one,
/// whose connections are closed rather than reused. The operation that found it out still
/// fails, as the store's unavailability: whether its write was done is unknown, so it is never
/// repeated here.
final class PostgresFailover: @unchecked Sendable {
    /// The least time between the starts of two walks, so that the many requests failing
    /// during a switch do not each knock at every host.
    static let leastWalkInterval: Duration = .seconds(1)

    /// Every host, and the kind asked for.
    let url: DatabaseURL
    private let deadline: Duration
    private let logger: Logger
    private let lock = NSLock()
    private var current: (url: DatabaseURL, client: PostgresClient)
    private var switches = 0
    private var walks = 0
    private var walk: Task<Void, Never>?
    private var lastWalkStarted: ContinuousClock.Instant?
    /// The task running the pool in use, while `run()` runs.
    private var running: Task<Void, Never>?
    /// Whether `run()` has begun: a pool runs once, and so does this.
    private var hasRun = false

    init(
        url: DatabaseURL, chosen: DatabaseURL, client: PostgresClient, deadline: Duration,
        logger: Logger
    ) {
        self.url = url
        self.deadline = deadline
        self.logger = logger
        current = (chosen, client)
    }

    /// Whether `url` leaves anything to walk again: several hosts, or a kind of server asked
    /// for (one host asking for any server is the pool's own to reconnect to).
    static func isWanted(for url: DatabaseURL) -> Bool {
        !url.otherEndpoints.isEmpty || url.targetSessionAttributes != .any
    }

    /// The host in use, alone in its URL, and its pool.
    var inUse: (url: DatabaseURL, client: PostgresClient) { lock.withLock { current } }
    /// The pool of the host in use.
    var client: PostgresClient { inUse.client }
    /// How many times the pool has moved to another host.
    var hostSwitches: Int { lock.withLock { switches } }
    /// How many times the host in use was found unfit and the hosts walked.
    var hostWalks: Int { lock.withLock { walks } }

    /// Says that an operation on `client` failed with `error`: `client`'s host is suspected
    /// when the error says it may be gone or read-only.
    func noticed(_ error: any Error, on client: PostgresClient) {
        guard PostgresFailure.mayMeanTheHostIsUnfit(error) else { return }
        suspect(client)
    }

    /// Starts a walk that checks `client`'s host and leaves it if it is unfit, when `client` is
    /// still the one in use, the pool runs, and no walk is under way or began within
    /// `leastWalkInterval`.
    func suspect(_ client: PostgresClient) {
        let now = ContinuousClock.now
        lock.withLock {
            guard client === current.client, walk == nil, running != nil else { return }
            if let last = lastWalkStarted, now - last < Self.leastWalkInterval { return }
            lastWalkStarted = now
            walk = Task { await self.walkAgain() }
        }
    }

    /// Returns once no walk is under way.
    func walked() async {
        while let walk = lock.withLock({ self.walk }) {
            await walk.value
        }
    }

    /// Runs the pool in use, and each that replaces it, until cancelled or the service group
    /// shuts down gracefully; then no pool replaces it any more. A second call returns at once.
    func run() async {
        let (ended, end) = AsyncStream.makeStream(of: Never.self)
        let started = lock.withLock { () -> Bool in
            guard !hasRun else { return false }
            hasRun = true
            let client = current.client
            // Each pool runs in a task of its own, so that the one replaced can be ended alone.
            running = Task { await client.run() }
            return true
        }
        guard started else {
            logger.error("database: the pool was already running; it runs once")
            return
        }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                for await _ in ended {}
            } onGracefulShutdown: {
                end.finish()
            }
        } onCancel: {
            end.finish()
        }
        let (last, walk) = lock.withLock {
            defer { running = nil }
            return (running, self.walk)
        }
        walk?.cancel()
        last?.cancel()
        await last?.value
    }

    private func walkAgain() async {
        defer { lock.withLock { walk = nil } }
        let old = inUse.url
        guard !(await PostgresHostWalk.isFit(old, within: deadline, logger: logger)) else {
            return
        }
        lock.withLock { walks += 1 }
        guard let chosen = await lookUntilFound() else { return }
        guard chosen.endpoints != old.endpoints, !Task.isCancelled else { return }
        let client: PostgresClient
        do {
            client = try PostgresDatabase.makeClient(for: chosen, logger: logger)
        } catch {
            logger.error("database: cannot make a pool", metadata: ["reason": "\(error)"])
            return
        }
        let handedOver = lock.withLock { () -> Bool in
            guard let old = running else { return false }
            // The new pool runs before operations move to it; the old one's connections are
            // closed, and what was in flight on it fails.
            running = Task { await client.run() }
            current = (chosen, client)
            switches += 1
            old.cancel()
            return true
        }
        guard handedOver else { return }
        logger.warning(
            "database: moved to another host",
            metadata: ["from": "\(old.address)", "to": "\(chosen.address)"])
    }

    /// The first fitting host, looked for every `leastWalkInterval` while none is (during a
    /// failover, until the standby is promoted), for at most `longestLook`; nil when none was
    /// found by then or the pool stopped.
    private func lookUntilFound() async -> DatabaseURL? {
        let giveUp = ContinuousClock.now + Self.longestLook
        while !Task.isCancelled {
            let started = ContinuousClock.now
            do {
                return try await PostgresHostWalk.choose(url, within: deadline, logger: logger)
            } catch {
                guard ContinuousClock.now < giveUp else {
                    logger.warning(
                        "database: no host to move to", metadata: ["reason": "\(error)"])
                    return nil
                }
            }
            try? await Task.sleep(until: started + Self.leastWalkInterval)
        }
        return nil
    }

    /// How long a walk looks for a fitting host before it gives up, until an operation fails
    /// again: longer than a failover takes (Patroni's `ttl`, 30 s by default).
    static let longestLook: Duration = .seconds(60)
}
