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

    /// A diary open in memory, when it was last used, and the calls on it under way: it is
    /// let go of (sealed and closed) only once none is, and no call starts after that. It is
    /// unlocked until it is closed; a seal that fails keeps it open, so that nothing is lost.
    private final class Unlocked: @unchecked Sendable {
        let diary: SealedSQLiteDiary
        /// Read and written under `DiaryEncryption.openedLock`.
        var lastUse: Date
        /// Guards `calls` and `lettingGo`, and makes seals one at a time, so that two calls'
        /// changes are both sealed, in order.
        private let lock = NSLock()
        private var calls = 0
        private var lettingGo = false
        /// What forgets it once it is closed (taking `DiaryEncryption.openedLock`).
        private let closed: @Sendable (Unlocked) -> Void

        init(
            _ diary: SealedSQLiteDiary, at date: Date,
            closed: @escaping @Sendable (Unlocked) -> Void
        ) {
            self.diary = diary
            lastUse = date
            self.closed = closed
        }

        /// Before a call: refused once the diary is being let go of.
        func begin() throws {
            try lock.withLock {
                guard !lettingGo else { throw RequestDiaries.locked(next: nil) }
                calls += 1
            }
        }

        /// After a call, whether it succeeded or not: what it changed, sealed; the last call
        /// of a diary being let go of closes it. A seal that fails keeps the diary open and
        /// taking calls, its change in memory.
        func end() throws {
            try lock.withLock {
                calls -= 1
                do {
                    try diary.save()
                } catch {
                    lettingGo = false
                    throw error
                }
                if lettingGo && calls == 0 { close() }
            }
        }

        /// Seals what changed, and lets the diary go: now, or when the last call under way
        /// ends. A diary that cannot be sealed stays open, so that nothing is lost.
        func letGo() throws {
            try lock.withLock {
                try diary.save()
                lettingGo = true
                if calls == 0 { close() }
            }
        }

        private func close() {
            diary.close()
            closed(self)
        }
    }

    private let files: CasebookServer.Stores.DiaryFiles
    /// scrypt's cost for a diary sealed from now on.
    let cost: SealedDiaryFile.Cost
    /// How long an unlocked diary stays open without use.
    let idleLimit: TimeInterval
    private let now: @Sendable () -> Date
    /// Guards `opened` and `sweeper`; held for no longer than a lookup.
    private let openedLock = NSLock()
    private var opened: [String: Unlocked] = [:]
    /// What waits between two looks for idle diaries.
    private let pause: @Sendable () async -> Void
    /// Locks idle diaries while any is unlocked; nil when none is.
    private var sweeper: Task<Void, Never>?
    /// One key derived at a time: each takes scrypt's memory (128 MiB at the standard cost).
    private let deriving = NSLock()

    /// The fewest characters a new passphrase may have.
    static let shortestPassphrase = SealedDiaryFile.shortestPassphrase
    /// The most bytes a passphrase may have: a form's field, not a file.
    static let longestPassphrase = 1024

    init(
        files: CasebookServer.Stores.DiaryFiles, cost: SealedDiaryFile.Cost,
        idleLimit: TimeInterval = 15 * 60, now: @escaping @Sendable () -> Date = Date.init,
        pause: @escaping @Sendable () async -> Void = { try? await Task.sleep(for: .seconds(30)) }
    ) {
        self.files = files
        self.cost = cost
        self.idleLimit = idleLimit
        self.now = now
        self.pause = pause
    }

    private func sealedPath(of user: String) -> String {
        SealedSQLiteDiary.sealedPath(besides: files.path(user))
    }

    func state(of user: String) -> State {
        if openedLock.withLock({ opened[user] }) != nil { return .unlocked }
        return FileManager.default.fileExists(atPath: sealedPath(of: user)) ? .locked : .plain
    }

    /// The unlocked diary of `user`, in memory, with what goes before each call on it and
    /// what follows each (sealing what changed); nil when it is not unlocked. Diaries left
    /// unused for `idleLimit` are locked first.
    func unlocked(_ user: String) -> (
        store: SQLiteDiaryStore, begin: @Sendable () throws -> Void,
        end: @Sendable () throws -> Void
    )? {
        lockIdle()
        return openedLock.withLock {
            guard let open = opened[user] else { return nil }
            open.lastUse = now()
            return (open.diary.store, { try open.begin() }, { try open.end() })
        }
    }

    /// Opens the sealed diary of `user` with `passphrase` into memory; a diary unlocked
    /// already stays as it is.
    func unlock(_ user: String, passphrase: String) throws {
        guard state(of: user) == .locked else { return }
        let diary = try deriving.withLock {
            try SealedSQLiteDiary(path: sealedPath(of: user), passphrase: passphrase)
        }
        let kept = openedLock.withLock {
            guard opened[user] == nil else { return false }
            opened[user] = Unlocked(diary, at: now()) { [weak self] closed in
                guard let self else { return }
                self.openedLock.withLock {
                    if self.opened[user] === closed { self.opened[user] = nil }
                }
            }
            if sweeper == nil {
                // Holding the encryption only while it sweeps, never through a pause.
                sweeper = Task { [weak self, pause] in
                    while true {
                        await pause()
                        guard let self, !Task.isCancelled, self.sweep() else { return }
                    }
                }
            }
            return true
        }
        if !kept { diary.close() }
    }

    /// Locks every idle diary; whether any is still unlocked, to sweep again after a pause.
    private func sweep() -> Bool {
        lockIdle()
        return openedLock.withLock {
            guard opened.isEmpty else { return true }
            sweeper = nil
            return false
        }
    }

    deinit { sweeper?.cancel() }

    /// What locks idle diaries while any is unlocked, for a test to wait for; nil when none is.
    var idleSweep: Task<Void, Never>? { openedLock.withLock { sweeper } }

    /// Seals what changed and lets the diary of `user` go: its passphrase is asked for again.
    /// A diary that cannot be sealed stays open, so that nothing is lost.
    func lock(_ user: String) throws {
        guard let open = openedLock.withLock({ opened[user] }) else { return }
        try letGo(open, of: user)
    }

    /// Locks every diary left unused for `idleLimit`.
    func lockIdle() {
        let limit = now().addingTimeInterval(-idleLimit)
        let idle = openedLock.withLock { opened.filter { $0.value.lastUse < limit } }
        for (user, open) in idle { try? letGo(open, of: user) }
    }

    /// Seals `open` and lets it go (outside `openedLock`: sealing a large diary takes a while,
    /// and other diarists' requests go on meanwhile).
    private func letGo(_ open: Unlocked, of user: String) throws {
        // It forgets itself once closed: at once, or when its last call ends.
        try open.letGo()
    }

    /// Seals the plain diary of `user` with `passphrase` (at least `shortestPassphrase`
    /// characters), then opens it unlocked.
    func encrypt(_ user: String, passphrase: String) throws {
        guard state(of: user) == .plain else { throw DiaryEncryptionError.alreadyEncrypted }
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
        if state(of: user) == .unlocked {
            // A wrong passphrase changes nothing: the diary stays unlocked.
            try deriving.withLock {
                try SealedSQLiteDiary.check(passphrase: passphrase, sealedAt: sealedPath(of: user))
            }
        }
        try lock(user)
        if state(of: user) == .unlocked {
            throw RequestError(
                .serviceUnavailable,
                "A change to your diary is still being saved: try again in a moment.")
        }
        guard state(of: user) == .locked else { return }
        try deriving.withLock {
            try files.releasing(user) {
                try SealedSQLiteDiary.decrypt(
                    sealedAt: sealedPath(of: user), to: files.path(user), passphrase: passphrase)
            }
        }
    }
}
