import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// The pool of a database whose URL names several hosts or asks for a kind of server, kept on
/// a host of that kind while the server runs. When an operation finds the host in use gone
/// (the connection refused or lost, the deadline passed) or turned read-only (a demoted
/// primary, SQLSTATE 25006), the hosts are walked again in the background as at start
/// (`PostgresHostWalk`); if another host is now the one to use, a pool for it replaces the
/// old one, whose connections are closed rather than reused. The operation that found it out
/// still fails, as the store's unavailability: whether its write was done is unknown, so it is
/// never repeated here.
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
    private var walk: Task<Void, Never>?
    private var lastWalkStarted: ContinuousClock.Instant?
    private var clients: AsyncStream<PostgresClient>.Continuation?

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

    /// The pool of the host in use.
    var client: PostgresClient { lock.withLock { current.client } }
    /// The host in use, alone in its URL.
    var currentURL: DatabaseURL { lock.withLock { current.url } }
    /// How many times the pool has moved to another host.
    var hostSwitches: Int { lock.withLock { switches } }

    /// Says that an operation on `client` failed with `error`: a walk starts when the error
    /// says the host is gone or read-only, `client` is still the one in use, and no walk is
    /// under way or began within `leastWalkInterval`.
    func noticed(_ error: any Error, on client: PostgresClient) {
        guard Self.meansTheHostIsUnfit(error) else { return }
        let now = ContinuousClock.now
        lock.withLock {
            guard client === current.client, walk == nil else { return }
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
    /// shuts down gracefully.
    func run() async {
        let (stream, continuation) = AsyncStream.makeStream(of: PostgresClient.self)
        lock.withLock {
            clients = continuation
            continuation.yield(current.client)
        }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                // Each pool runs in a task of its own, so that the one replaced can be ended
                // alone; it inherits the graceful shutdown, as a child task would.
                var running: Task<Void, Never>?
                for await client in stream {
                    running?.cancel()
                    running = Task { await client.run() }
                }
                running?.cancel()
                await running?.value
            } onGracefulShutdown: {
                continuation.finish()
            }
        } onCancel: {
            continuation.finish()
        }
    }

    private func walkAgain() async {
        defer { lock.withLock { walk = nil } }
        let chosen: DatabaseURL
        do {
            chosen = try await PostgresHostWalk.choose(url, within: deadline, logger: logger)
        } catch {
            logger.warning("database: no host to move to", metadata: ["reason": "\(error)"])
            return
        }
        let old = currentURL
        guard chosen.endpoints != old.endpoints else { return }
        let client: PostgresClient
        do {
            client = try PostgresDatabase.makeClient(for: chosen, logger: logger)
        } catch {
            logger.error("database: cannot make a pool", metadata: ["reason": "\(error)"])
            return
        }
        lock.withLock {
            current = (chosen, client)
            switches += 1
            clients?.yield(client)
        }
        logger.warning(
            "database: moved to another host",
            metadata: ["from": "\(old.address)", "to": "\(chosen.address)"])
    }

    /// Whether `error` says the host can no longer be used for this URL: gone, or read-only.
    static func meansTheHostIsUnfit(_ error: any Error) -> Bool {
        if PostgresFailure.sqlState(error) == "25006" { return true }
        return PostgresFailure.isUnreachable(error)
    }
}
