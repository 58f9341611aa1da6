/// At most a few of the contract's live servers at once: each watches its data directory with
/// inotify (two instances a server), and a user may hold 128 instances in all, which the
/// tests' other servers share (a watch that cannot be made answers "changed" every time,
/// which the tests of the watch itself would see).
actor LiveServerTurns {
    static let shared = LiveServerTurns(limit: 3)

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `body` when fewer than `limit` others run.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if running >= limit {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
        defer {
            if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
