import CasebookFileSystem
import DiaryCore
import Foundation
import GRDB
import GRDBSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sealed diary (`SealedDiaryFile`) opened with its passphrase: the database decrypted into
/// memory, never onto a disk, where `store` works on it as on any SQLite diary, its search
/// index included; `save()` seals it back over its file, atomically, when anything changed.
/// While it is open, no other process opens the same diary (a lock beside the file), so that
/// two commands at once cannot each seal back what they read and lose the other's entry.
public final class SealedSQLiteDiary: @unchecked Sendable {
    /// The sealed file.
    public let path: String
    /// The diary, in memory.
    public let store: SQLiteDiaryStore
    private let queue: DatabaseQueue
    /// The key the diary is sealed under: derived once, when it is opened.
    private var key: SealedDiaryFile.SealingKey
    private let cost: SealedDiaryFile.Cost
    private var lock: Int32
    private var savedChanges = 0

    /// Why a diary cannot be opened while another process has it open
    /// (`SealedDiaryError.cannotUse`).
    public static let busyReason =
        "another program has it open (a casebook command, or the server while the diary is unlocked there: Lock on the diary's page lets go of it): try again when it is done"

    /// The most a sealed file may be: SQLite's own bound on a database in memory (1 GiB).
    public static let mostBytes = 1 << 30

    /// Opens the sealed diary at `path` with `passphrase`, migrated as a plain one is (and
    /// sealed back at `save()` if that changed it); nothing is written when it is refused.
    public init(
        path: String, passphrase: String, cost: SealedDiaryFile.Cost = .standard
    ) throws {
        self.path = path
        self.cost = cost
        lock = try Self.lock(beside: path)
        do {
            // The sealed bytes let go as soon as they are opened: at most two copies of the
            // database are held from then on.
            let (plaintext, key) = try { () throws -> (Data, SealedDiaryFile.SealingKey) in
                let sealed: [UInt8]
                do {
                    sealed = try BoundedFile.bytes(atPath: path, limit: Self.mostBytes)
                } catch {
                    throw SealedDiaryError.cannotUse("\(path): \(error)")
                }
                guard SealedDiaryFile.isSealed(sealed) else {
                    throw SealedDiaryError.cannotUse("\(path) is not a sealed diary")
                }
                return try SealedDiaryFile.openData(sealed, passphrase: passphrase)
            }()
            self.key = key
            queue = try Self.memoryDatabase(plaintext)
            store = try SQLiteDiaryStore(memory: queue)
        } catch {
            unlock(lock)
            throw error
        }
    }

    deinit { close() }

    /// Lets another process open the diary: this one is done with it (`save()` first). The
    /// diary in memory is never sealed again (`save()` refuses).
    public func close() {
        if lock >= 0 { unlock(lock) }
        lock = -1
    }

    /// Whether the diary changed since it was opened or last saved.
    public var hasChanges: Bool {
        (try? queue.read { $0.totalChangesCount }) != savedChanges
    }

    /// Seals the diary over its file when it changed: the file is replaced whole or not at all.
    public func save() throws {
        try save(with: key)
    }

    /// Seals the diary under `key` when it changed (always when `force`), and keeps `key`
    /// once the file is written. A closed diary is never written: another process may have it.
    private func save(with key: SealedDiaryFile.SealingKey, force: Bool = false) throws {
        guard lock >= 0 else {
            throw SealedDiaryError.cannotUse(
                "the diary was locked before this change could be sealed, so the change is not kept"
            )
        }
        let changes = try queue.read { $0.totalChangesCount }
        guard force || changes != savedChanges else { return }
        // Sealed from the database's own memory (SQLITE_SERIALIZE_NOCOPY): no copy of it.
        let sealed = try queue.writeWithoutTransaction { db -> Data in
            var size: Int64 = 0
            guard
                let bytes = sqlite3_serialize(
                    db.sqliteConnection, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY))
            else { throw SealedDiaryError.cannotUse("SQLite could not write the database out") }
            return try key.seal(UnsafeRawBufferPointer(start: bytes, count: Int(size)))
        }
        try OwnerOnlyFile.write(sealed, to: URL(fileURLWithPath: path))
        self.key = key
        savedChanges = changes
    }

    /// Seals the diary over its file under `newPassphrase` (a new salt and key), which opens
    /// it from now on.
    public func seal(with newPassphrase: String) throws {
        try save(
            with: try SealedDiaryFile.SealingKey(passphrase: newPassphrase, cost: cost), force: true
        )
    }

    /// Checks that `passphrase` opens the sealed diary at `path`, opening nothing and
    /// changing nothing: `SealedDiaryError.wrongPassphrase` when it does not.
    public static func check(passphrase: String, sealedAt path: String) throws {
        let sealed: [UInt8]
        do {
            sealed = try BoundedFile.bytes(atPath: path, limit: mostBytes)
        } catch {
            throw SealedDiaryError.cannotUse("\(path): \(error)")
        }
        _ = try SealedDiaryFile.openData(sealed, passphrase: passphrase)
    }

    /// Where the sealed form of the plain diary at `plainPath` is kept: `diary.sqlite` is
    /// sealed as `diary.sealed`, beside it.
    public static func sealedPath(besides plainPath: String) -> String {
        (plainPath.hasSuffix(".sqlite") ? String(plainPath.dropLast(7)) : plainPath) + ".sealed"
    }

    /// Seals the plain diary at `plainPath` (migrated first) with `passphrase` beside it,
    /// checks that the sealed file opens to the same database, then removes the plain file
    /// with its log and shared-memory files. The sealed file's path.
    @discardableResult
    public static func encrypt(
        plainAt plainPath: String, passphrase: String, cost: SealedDiaryFile.Cost = .standard
    ) throws -> String {
        let sealedPath = sealedPath(besides: plainPath)
        guard !FileManager.default.fileExists(atPath: sealedPath) else {
            throw SealedDiaryError.both(plain: plainPath, sealed: sealedPath)
        }
        let lock = try lock(beside: sealedPath)
        defer { unlock(lock) }
        _ = try SQLiteDiaryStore(path: plainPath, connections: .one)
        let plain = try DatabaseQueue(path: plainPath)
        try plain.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        let bytes = try serialize(plain)
        try plain.close()
        let sealed = try SealedDiaryFile.seal(bytes, passphrase: passphrase, cost: cost)
        guard try SealedDiaryFile.open(sealed, passphrase: passphrase) == bytes else {
            throw SealedDiaryError.damaged("sealing it did not give back the same diary")
        }
        try OwnerOnlyFile.write(Data(sealed), to: URL(fileURLWithPath: sealedPath))
        guard
            let written = try? BoundedFile.bytes(atPath: sealedPath, limit: mostBytes),
            written == sealed
        else {
            try? FileManager.default.removeItem(atPath: sealedPath)
            throw SealedDiaryError.damaged("\(sealedPath) did not read back as written")
        }
        for file in [plainPath + "-wal", plainPath + "-shm", plainPath]
        where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
        return sealedPath
    }

    /// Writes the sealed diary at `sealedPath`, opened with `passphrase`, back as the plain
    /// SQLite file `plainPath`, then removes the sealed one.
    public static func decrypt(
        sealedAt sealedPath: String, to plainPath: String, passphrase: String
    )
        throws
    {
        guard !FileManager.default.fileExists(atPath: plainPath) else {
            throw SealedDiaryError.both(plain: plainPath, sealed: sealedPath)
        }
        let opened = try SealedSQLiteDiary(path: sealedPath, passphrase: passphrase)
        defer { opened.close() }
        let bytes = try serialize(opened.queue)
        // In WAL mode, as every Casebook store is, once the plain file opens through its store.
        try OwnerOnlyFile.write(Data(bytes), to: URL(fileURLWithPath: plainPath))
        _ = try SQLiteDiaryStore(path: plainPath, connections: .one, allowingSealed: true)
        try FileManager.default.removeItem(atPath: sealedPath)
        try? FileManager.default.removeItem(atPath: sealedPath + ".lock")
    }

    /// A database in memory holding the database file `file`.
    private static func memoryDatabase(_ file: Data) throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in
            guard let memory = sqlite3_malloc64(UInt64(max(file.count, 1))) else {
                throw SealedDiaryError.cannotUse("there is not enough memory to open it")
            }
            file.withUnsafeBytes { source in
                if let base = source.baseAddress { memcpy(memory, base, source.count) }
            }
            // A file in WAL mode (bytes 18 and 19 are 2) cannot be a database in memory: the
            // same database with a rollback journal, which is all the two bytes say.
            if file.count >= 100 {
                memory.storeBytes(of: 1, toByteOffset: 18, as: UInt8.self)
                memory.storeBytes(of: 1, toByteOffset: 19, as: UInt8.self)
            }
            let result = sqlite3_deserialize(
                db.sqliteConnection, "main", memory.assumingMemoryBound(to: UInt8.self),
                Int64(file.count), Int64(file.count),
                UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE))
            guard result == SQLITE_OK else {
                throw SealedDiaryError.damaged(
                    "what it holds is no database (SQLite error \(result))")
            }
            // No integrity check of its own: the seal's tag has proved these are the bytes sealed,
            // and a check reads the whole database (a fifth of an opening's time).
        }
        return queue
    }

    /// The database file `writer` holds, as bytes.
    private static func serialize(_ writer: some DatabaseWriter) throws -> [UInt8] {
        try writer.writeWithoutTransaction { db in
            var size: Int64 = 0
            guard let bytes = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
                throw SealedDiaryError.cannotUse("SQLite could not write the database out")
            }
            defer { sqlite3_free(bytes) }
            return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
        }
    }

    /// Takes the lock of the sealed diary at `path` (a file `PATH.lock` beside it), or says
    /// that another command holds it; released when the descriptor is closed.
    private static func lock(beside path: String) throws -> Int32 {
        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw SealedDiaryError.cannotUse("\(lockPath) cannot be opened to lock the diary")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            unlock(descriptor)
            throw SealedDiaryError.cannotUse(
                busy ? busyReason : "\(lockPath) cannot be locked")
        }
        return descriptor
    }
}

/// Closes a diary's lock file, which releases its lock.
private func unlock(_ descriptor: Int32) {
    close(descriptor)
}
