import Diary
import Foundation

/// Encryption at rest for each user's own diary on the server, where diaries are files in the
/// data directory: sealed with the diarist's passphrase from the diary's Encryption page, and
/// unlocked with it for a while. The server keeps no passphrase. An unlocked diary is decrypted
/// into memory (`SealedSQLiteDiary`), never onto a disk, with the key derived from the
/// passphrase; after every call that changed it, it is sealed back over its file. It is
/// locked again (its memory and key let go of) when its diarist locks it or signs out, and
/// after `idleLimit` without use.
final class DiaryEncryption: @unchecked Sendable {
    /// Where a user's diary stands.
    enum State: Equatable {
        case plain, locked, unlocked
    }

    /// A diary open in memory, and when it was last used.
    private final class Unlocked: @unchecked Sendable {
        let diary: SealedSQLiteDiary
        var lastUse: Date
        /// One seal at a time, so that two calls' changes are both sealed, in order.
        let sealing = NSLock()

        init(_ diary: SealedSQLiteDiary, at date: Date) {
            self.diary = diary
            lastUse = date
        }

        func seal() throws { try sealing.withLock { try diary.save() } }
    }

    private let files: CasebookServer.Stores.DiaryFiles
    /// scrypt's cost for a diary sealed from now on.
    let cost: SealedDiaryFile.Cost
    /// How long an unlocked diary stays open without use.
    let idleLimit: TimeInterval
    private let now: @Sendable () -> Date
    private let openedLock = NSLock()
    private var opened: [String: Unlocked] = [:]
    /// One key derived at a time: each takes scrypt's memory (128 MiB at the standard cost).
    private let deriving = NSLock()

    /// The fewest characters a new passphrase may have.
    static let shortestPassphrase = SealedDiaryFile.shortestPassphrase
    /// The most bytes a passphrase may have: a form's field, not a file.
    static let longestPassphrase = 1024

    init(
        files: CasebookServer.Stores.DiaryFiles, cost: SealedDiaryFile.Cost,
        idleLimit: TimeInterval = 15 * 60, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.files = files
        self.cost = cost
        self.idleLimit = idleLimit
        self.now = now
    }

    private func sealedPath(of user: String) -> String {
        SealedSQLiteDiary.sealedPath(besides: files.path(user))
    }

    func state(of user: String) -> State {
        if openedLock.withLock({ opened[user] }) != nil { return .unlocked }
        return FileManager.default.fileExists(atPath: sealedPath(of: user)) ? .locked : .plain
    }

    /// The unlocked diary of `user`, in memory, and what seals its changes; nil when it is not
    /// unlocked. Diaries left unused for `idleLimit` are locked first.
    func unlocked(_ user: String) -> (store: SQLiteDiaryStore, seal: @Sendable () throws -> Void)? {
        lockIdle()
        return openedLock.withLock {
            guard let open = opened[user] else { return nil }
            open.lastUse = now()
            return (open.diary.store, { try open.seal() })
        }
    }

    /// Opens the sealed diary of `user` with `passphrase` into memory.
    func unlock(_ user: String, passphrase: String) throws {
        guard state(of: user) == .locked else { return }
        let diary = try deriving.withLock {
            try SealedSQLiteDiary(path: sealedPath(of: user), passphrase: passphrase)
        }
        openedLock.withLock {
            if opened[user] == nil {
                opened[user] = Unlocked(diary, at: now())
            } else {
                diary.close()
            }
        }
    }

    /// Seals what changed and lets the diary of `user` go: its passphrase is asked for again.
    /// A diary that cannot be sealed stays open, so that nothing is lost.
    func lock(_ user: String) throws {
        try openedLock.withLock {
            guard let open = opened[user] else { return }
            try open.seal()
            open.diary.close()
            opened[user] = nil
        }
    }

    /// Locks every diary left unused for `idleLimit`.
    func lockIdle() {
        let limit = now().addingTimeInterval(-idleLimit)
        openedLock.withLock {
            for (user, open) in opened where open.lastUse < limit {
                guard (try? open.seal()) != nil else { continue }
                open.diary.close()
                opened[user] = nil
            }
        }
    }

    /// Seals the plain diary of `user` with `passphrase` (at least `shortestPassphrase`
    /// characters), then opens it unlocked.
    func encrypt(_ user: String, passphrase: String) throws {
        guard state(of: user) == .plain else { return }
        let plain = files.path(user)
        try deriving.withLock {
            try files.releasing(user) {
                try SealedSQLiteDiary.encrypt(plainAt: plain, passphrase: passphrase, cost: cost)
            }
        }
        try unlock(user, passphrase: passphrase)
    }

    /// Writes the sealed diary of `user` back as its plain file, `passphrase` opening it.
    func decrypt(_ user: String, passphrase: String) throws {
        try lock(user)
        guard state(of: user) == .locked else { return }
        try deriving.withLock {
            try files.releasing(user) {
                try SealedSQLiteDiary.decrypt(
                    sealedAt: sealedPath(of: user), to: files.path(user), passphrase: passphrase)
            }
        }
    }
}
