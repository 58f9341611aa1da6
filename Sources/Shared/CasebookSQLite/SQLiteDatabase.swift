import CasebookFileSystem
import Foundation
import GRDB

/// Opens a store's SQLite file the one way every Casebook store does: readable by its owner only
/// (the file, its WAL and its shared-memory file are 0600 whatever the umask), in WAL mode with
/// a busy timeout so that several processes can write, and migrated to the store's schema.
public enum SQLiteDatabase {
    public static func open(path: String, migrator: DatabaseMigrator) throws -> DatabasePool {
        try open(path: path, migrator: migrator, functions: [])
    }

    /// The same, with `functions` added to every connection.
    public static func open(
        path: String, migrator: DatabaseMigrator, functions: [DatabaseFunction]
    ) throws -> DatabasePool {
        try restrictFiles(at: path)
        let pool = try DatabasePool(path: path, configuration: configuration(functions))
        try migrator.migrate(pool)
        opened.add(pool)
        return pool
    }

    /// The same file through one connection (`StoreConnections.one`), in WAL mode as well.
    public static func openOneConnection(path: String, migrator: DatabaseMigrator) throws
        -> DatabaseQueue
    {
        try openOneConnection(path: path, migrator: migrator, functions: [])
    }

    /// The same, with `functions` added to the connection.
    public static func openOneConnection(
        path: String, migrator: DatabaseMigrator, functions: [DatabaseFunction]
    ) throws -> DatabaseQueue {
        try restrictFiles(at: path)
        let queue = try DatabaseQueue(path: path, configuration: configuration(functions))
        // WAL is recorded in the file: set once, on a new file (GRDB's own WAL set-up writes and
        // syncs a table into a missing WAL file at every open, for a pool's readers). NORMAL,
        // as a pool's connections have it: a commit survives the process being killed; the WAL
        // is synced at checkpoints.
        try queue.writeWithoutTransaction { database in
            if try String.fetchOne(database, sql: "PRAGMA journal_mode") != "wal" {
                try database.execute(sql: "PRAGMA journal_mode = WAL")
            }
            try database.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        try migrator.migrate(queue)
        opened.add(queue)
        return queue
    }

    /// Empties the write-ahead log of every database this process opened (and still holds)
    /// into its file, as closing it would: for a process that stops cleanly without closing
    /// them (a server), so that each file alone is its database, and a backup copied over it
    /// meets no log of writes it never had. A database another process is reading from is left
    /// as it is (its log goes into it at that process's next checkpoint).
    public static func checkpointEveryOpenDatabase() {
        for database in opened.databases() {
            _ = try? database.writeWithoutTransaction { connection in
                // A second, not the ten a request waits: a stop is not held up by a reader.
                try connection.execute(sql: "PRAGMA busy_timeout = 1000")
                return try connection.checkpoint(.truncate)
            }
        }
    }

    /// The databases opened, held weakly: one released is closed already.
    private static let opened = Opened()

    private final class Opened: @unchecked Sendable {
        private struct Weak {
            weak var database: (any DatabaseWriter & AnyObject)?
        }
        private let lock = NSLock()
        private var all: [Weak] = []

        func add(_ database: any DatabaseWriter & AnyObject) {
            lock.withLock {
                all.removeAll { $0.database == nil }
                all.append(Weak(database: database))
            }
        }

        func databases() -> [any DatabaseWriter] {
            lock.withLock { all.compactMap(\.database) }
        }
    }

    private static func configuration(_ functions: [DatabaseFunction]) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        if !functions.isEmpty {
            configuration.prepareDatabase { database in
                for function in functions { database.add(function: function) }
            }
        }
        return configuration
    }

    private static func restrictFiles(at path: String) throws {
        for file in [path, path + "-wal", path + "-shm"] where file == path || exists(file) {
            try OwnerOnlyFile.restrict(file)
        }
    }

    private static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
