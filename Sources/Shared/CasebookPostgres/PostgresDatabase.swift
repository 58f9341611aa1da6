import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle

/// One PostgreSQL database shared by every store of a server (and by any number of servers):
/// PostgresNIO's connection pool, run as a service in the server's service group, and the
/// schema migrations every store declares, applied once at start under an advisory lock so that
/// instances starting together migrate one at a time.
public final class PostgresDatabase: Service, Sendable {
    /// The oldest server Casebook runs on: 13 has `gen_random_uuid()` built in.
    public static let oldestServerVersion = 130_000

    /// A logger that says nothing, for queries whose failures are reported as errors.
    public static let quietLogger = Logger(
        label: "casebook.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The host the database was opened on (for several hosts, the one chosen at start).
    public let url: DatabaseURL
    /// What every store's operations on this database go through: a deadline, and counts.
    public let operations: PostgresOperations
    /// The pool made at start; usable while `run()` runs. Stores give it to `operations`,
    /// which use the pool of the host the database has moved to since, if it has.
    public let client: PostgresClient
    private let logger: Logger

    public convenience init(
        url: DatabaseURL, deadline: Duration = PostgresDeadline.standard,
        logger: Logger = Logger(label: "casebook.postgres")
    ) throws {
        try self.init(url: url, hosts: nil, deadline: deadline, logger: logger)
    }

    /// The database on `url`, kept on a host of the kind `hosts` asks for while it runs when
    /// `hosts` leaves anything to choose.
    private init(url: DatabaseURL, hosts: DatabaseURL?, deadline: Duration, logger: Logger) throws {
        self.url = url
        self.logger = logger
        let client = try Self.makeClient(for: url, logger: logger)
        self.client = client
        var failover: PostgresFailover?
        if let hosts, PostgresFailover.isWanted(for: hosts) {
            failover = PostgresFailover(
                url: hosts, chosen: url, client: client, deadline: deadline, logger: logger)
        }
        operations = PostgresOperations(deadline: deadline, failover: failover)
    }

    /// The database at the first of `url`'s hosts of the kind it asks for
    /// (`PostgresHostWalk`, each host given at most `deadline`), its pool made for that host.
    /// While it runs, a host found gone or turned read-only is left for the next fitting one
    /// (`PostgresFailover`).
    public static func connecting(
        to url: DatabaseURL, deadline: Duration = PostgresDeadline.standard,
        logger: Logger = Logger(label: "casebook.postgres")
    ) async throws -> PostgresDatabase {
        try PostgresDatabase(
            url: try await PostgresHostWalk.choose(url, within: deadline), hosts: url,
            deadline: deadline, logger: logger)
    }

    /// The host in use now, alone in its URL: `url` unless the database has moved.
    public var currentURL: DatabaseURL { operations.failover?.inUse.url ?? url }

    /// How many times the database has moved to another of its hosts while running.
    public var hostSwitches: Int { operations.failover?.hostSwitches ?? 0 }

    /// How many times the host in use was found unfit while running (gone, or not of the kind
    /// the URL asks for) and the hosts walked again; each may end on the same host.
    public var hostWalks: Int { operations.failover?.hostWalks ?? 0 }

    /// Returns once no walk of the hosts is under way (at once when there is nothing to walk).
    public func hostsWalked() async {
        await operations.failover?.walked()
    }

    /// Runs the pool (and any that replaces it) until the service group shuts down.
    public func run() async {
        if let failover = operations.failover {
            await failover.run()
        } else {
            await client.run()
        }
    }

    /// A pool for the one host of `url`.
    static func makeClient(for url: DatabaseURL, logger: Logger) throws -> PostgresClient {
        var options = PostgresClient.Configuration.Options()
        options.connectTimeout = .seconds(5)
        options.maximumConnections = 16
        options.keepAliveBehavior = .init(frequency: .seconds(30))
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password,
            database: url.database, tls: try Self.clientTLS(url.tls))
        configuration.options = options
        return PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// Connects once (not through the pool, so that a database out of reach fails at once),
    /// checks the server's version and applies each store's pending migrations, under an
    /// advisory lock held for the whole run.
    /// - Throws: `PostgresStartError` naming the database's host and port, and what failed.
    public func prepare(_ schemas: [PostgresSchema]) async throws(PostgresStartError) {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try url.connectionConfiguration(), id: 0, logger: logger)
        } catch {
            throw PostgresStartError(url: url, problem: PostgresFailure.reason(error))
        }
        defer { Task { try? await connection.close() } }
        do {
            let version = try await Self.single(
                Int.self, "SELECT current_setting('server_version_num')::int", on: connection)
            guard version >= Self.oldestServerVersion else {
                throw PostgresStartError.Problem(
                    "the server runs PostgreSQL \(version / 10_000), older than the \(Self.oldestServerVersion / 10_000) Casebook needs"
                )
            }
            _ = try await connection.query(
                "SELECT pg_advisory_lock(\(PostgresSchema.lockKey))", logger: logger)
            do {
                for schema in schemas {
                    try await schema.migrate(on: connection, logger: logger)
                }
            } catch {
                _ = try? await connection.query(
                    "SELECT pg_advisory_unlock(\(PostgresSchema.lockKey))", logger: logger)
                throw error
            }
            _ = try await connection.query(
                "SELECT pg_advisory_unlock(\(PostgresSchema.lockKey))", logger: logger)
        } catch let problem as PostgresStartError.Problem {
            throw PostgresStartError(url: url, problem: problem.text)
        } catch {
            throw PostgresStartError(url: url, problem: PostgresFailure.reason(error))
        }
    }

    /// Whether the host in use answers now, on a connection of its own within two seconds
    /// (the pool would wait for it to come back), and, for a URL that asks for a kind of
    /// server, is of that kind (a demoted primary is not). When it is not, the hosts are
    /// walked again, as after a failed operation.
    public func isReachable() async -> Bool {
        let failover = operations.failover
        let host = failover?.inUse ?? (url: url, client: client)
        guard await PostgresHostWalk.isFit(host.url, within: .seconds(2), logger: logger) else {
            if !Task.isCancelled { failover?.suspect(host.client) }
            return false
        }
        return true
    }

    static func single<T: PostgresDecodable & Sendable>(
        _ type: T.Type, _ query: PostgresQuery, on connection: PostgresConnection
    ) async throws -> T {
        for try await (value) in try await connection.query(query, logger: quietLogger).decode(
            T.self)
        {
            return value
        }
        throw PostgresStartError.Problem("the query gave no row: \(query.sql)")
    }

    private static func clientTLS(_ mode: DatabaseURL.TLSMode) throws
        -> PostgresClient.Configuration.TLS
    {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(unverifiedTLS())
        case .require: .require(unverifiedTLS())
        case .verifyFull: .require(.makeClientConfiguration())
        }
    }

    /// Encryption without checking the certificate, as libpq's `prefer` and `require` do.
    static func unverifiedTLS() -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }
}
