import CasebookFileSystem
import Foundation
import GRDB

/// Opens a store's SQLite file the one way every Casebook store does: readable by its owner only
/// (the file, its WAL and its shared-memory file are 0600 whatever the umask), in WAL mode with
/// a busy timeout so that several processes can write, and migrated to the store's schema.
public enum SQLiteDatabase {
    public static func open(path: String, migrator: DatabaseMigrator) throws -> DatabasePool {
        for file in [path, path + "-wal", path + "-shm"] where file == path || exists(file) {
            try OwnerOnlyFile.restrict(file)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    private static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
