import Foundation

/// A throwaway PostgreSQL cluster for the tests: what `initdb` makes, in a temporary folder (see
/// `freshData`), the server on a free loopback port (as the `postgres` user when the tests run
/// as root, since PostgreSQL refuses to run as root), stopped when the test process exits. One
/// cluster serves every test of a process; each test takes a database of its own.
public final class PostgresCluster: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case failed(String, output: String)

        public var description: String {
            switch self {
            case .notInstalled:
                "PostgreSQL is not installed (apt-get install postgresql; scripts/test does it)"
            case .failed(let step, let output): "\(step) failed: \(output)"
            }
        }
    }

    /// The cluster of this test process, started on first use.
    public static var shared: PostgresCluster {
        get throws { try sharedCluster.get() }
    }

    private static let sharedCluster = Result { try PostgresCluster() }

    /// A cluster of the caller's own, for a test that stops and starts its server; stopped at
    /// exit if the test has not stopped it.
    public static func makeOwn() throws -> PostgresCluster { try PostgresCluster() }

    public let port: Int
    public let user = "casebook"
    private let folder: URL
    private let binaries: URL
    private var server: Process?
    private let lock = NSLock()
    private var databases = 0

    private init() throws {
        guard let binaries = Self.findBinaries() else { throw Failure.notInstalled }
        self.binaries = binaries
        folder = try Self.makeFolder()
        try Self.run(
            "/bin/cp",
            ["-a", try Self.freshData.get().path, folder.appendingPathComponent("data").path],
            step: "copying a new cluster's files", asServerUser: true)
        port = try FreePort.find()
        Self.clustersLock.withLock {
            if Self.clusters.isEmpty { atexit { PostgresCluster.stopAllAtExit() } }
            Self.clusters.append(self)
        }
        try start()
    }

    /// Starts the server (again) on the cluster's port, and returns once it accepts
    /// connections. It runs as this process's child, not as a daemon (pg_ctl start would leave
    /// it holding the descriptor Foundation watches to learn that pg_ctl has exited).
    public func start() throws {
        let server = Process()
        let command = Self.asServerUser([
            binaries.appendingPathComponent("postgres").path, "-D",
            folder.appendingPathComponent("data").path, "-p", "\(port)",
            "-k", folder.path, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
            "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
            "-c", "max_connections=200",
        ])
        server.executableURL = URL(fileURLWithPath: command[0])
        server.arguments = Array(command.dropFirst())
        let log = Pipe()
        server.standardOutput = log
        server.standardError = log
        try ProcessLaunch.run(server)
        lock.withLock { self.server = server }
        var seen = ""
        while !seen.contains("ready to accept connections") {
            let data = log.fileHandleForReading.availableData
            if data.isEmpty { throw Failure.failed("postgres", output: seen) }
            seen += String(decoding: data, as: UTF8.self)
        }
        // Keep reading its log, so that it never blocks writing to a full pipe.
        log.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// Stops the server with a fast shutdown (SIGINT to the postmaster, read from its pid file:
    /// it ends every process it started, and its clients' connections), and waits for it.
    public func stop() {
        guard
            let server = lock.withLock({ () -> Process? in
                defer { self.server = nil }
                return self.server
            })
        else { return }
        let pidFile = folder.appendingPathComponent("data/postmaster.pid")
        if let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ Int32($0) })
        {
            kill(pid, SIGINT)
        } else {
            server.interrupt()
        }
        ProcessLaunch.waitForExit(server)
    }

    /// A new, empty database, as a URL for `casebook serve --database` and `DatabaseURL`.
    public func makeDatabase() throws -> String {
        let name = nextDatabaseName()
        try Self.run(
            binaries.appendingPathComponent("createdb").path,
            ["-h", "127.0.0.1", "-p", "\(port)", "-U", user, name], step: "createdb")
        return url(database: name)
    }

    /// A database name no other of this process's tests has had.
    public func nextDatabaseName() -> String {
        lock.withLock {
            databases += 1
            return "test_\(getpid())_\(databases)"
        }
    }

    public func url(database: String) -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Runs `psql` with `sql` on `database`, for tests that act as another program would
    /// (an operator, an older Casebook).
    @discardableResult
    public func psql(_ sql: String, database: String) throws -> String {
        try Self.run(
            binaries.appendingPathComponent("psql").path,
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", database, "-v",
                "ON_ERROR_STOP=1", "-Atq", "-c", sql,
            ],
            step: "psql")
    }

    /// Makes every session read-only, as a standby's are, and returns once new sessions are
    /// (the server then has signalled every session it had, each of which takes the setting
    /// before its next statement): `pg_reload_conf()` alone returns before that.
    public func turnReadOnly() throws {
        try setSessionsReadOnly(true)
    }

    /// Makes sessions writable again, as on a standby promoted to primary, and returns once new
    /// sessions are.
    public func turnWritable() throws {
        try setSessionsReadOnly(false)
    }

    private func setSessionsReadOnly(_ readOnly: Bool) throws {
        let value = readOnly ? "on" : "off"
        try psql("ALTER SYSTEM SET default_transaction_read_only = \(value)", database: "postgres")
        try psql("SELECT pg_reload_conf()", database: "postgres")
        for _ in 0..<500 {
            let shown = try psql("SHOW default_transaction_read_only", database: "postgres")
            if shown.trimmingCharacters(in: .whitespacesAndNewlines) == value { return }
        }
        throw Failure.failed(
            "setting default_transaction_read_only to \(value)",
            output: "new sessions did not take it")
    }

    /// The files `initdb` makes for a new cluster, made once a process, the server never
    /// started on them: each cluster starts from a copy of them, which takes 0.03 s of CPU
    /// where `initdb` takes 0.4 (the failover tests make a cluster each). Removed at exit.
    private static let freshData = Result { () throws -> URL in
        guard let binaries = findBinaries() else { throw Failure.notInstalled }
        let folder = try makeFolder()
        clustersLock.withLock { temporaryFolders.append(folder) }
        let data = folder.appendingPathComponent("data")
        try run(
            binaries.appendingPathComponent("initdb").path,
            [
                "-D", data.path, "-U", "casebook", "--auth=trust", "-E", "UTF8",
                "--locale=C.UTF-8", "--no-sync", "--no-instructions",
            ],
            step: "initdb", asServerUser: true)
        return data
    }

    /// A new folder for a cluster's files (and its server's socket), that only the server's user
    /// may enter, named so that `scripts/test` finds it if a killed test process leaves it.
    private static func makeFolder() throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("casebook-test-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if getuid() == 0 {
            try run("/usr/bin/chown", ["postgres:postgres", folder.path], step: "chown")
        }
        return folder
    }

    /// Folders of this process's that are no cluster's, to remove when it exits.
    nonisolated(unsafe) private static var temporaryFolders: [URL] = []

    /// Every cluster this process started, to stop when it exits.
    nonisolated(unsafe) private static var clusters: [PostgresCluster] = []
    private static let clustersLock = NSLock()

    /// Stops every cluster and removes its folder. `scripts/test` also stops any cluster a
    /// killed test process left behind.
    private static func stopAllAtExit() {
        for cluster in clustersLock.withLock({ clusters }) {
            cluster.stop()
            try? FileManager.default.removeItem(at: cluster.folder)
        }
        for folder in clustersLock.withLock({ temporaryFolders }) {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    private static func asServerUser(_ command: [String]) -> [String] {
        getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
    }

    @discardableResult
    private static func run(
        _ executable: String, _ arguments: [String], step: String, asServerUser: Bool = false
    ) throws -> String {
        let process = Process()
        let command =
            asServerUser ? Self.asServerUser([executable] + arguments) : [executable] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let text = try ProcessLaunch.runToExit(process, readingTextFrom: output)
        guard process.terminationStatus == 0 else { throw Failure.failed(step, output: text) }
        return text
    }

    /// The newest installed PostgreSQL's programs (Debian keeps them out of PATH).
    private static func findBinaries() -> URL? {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions =
            ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .compactMap(Int.init).sorted()
        for version in versions.reversed() {
            let bin = root.appendingPathComponent("\(version)/bin")
            if FileManager.default.isExecutableFile(
                atPath: bin.appendingPathComponent("initdb").path)
            {
                return bin
            }
        }
        return nil
    }
}
