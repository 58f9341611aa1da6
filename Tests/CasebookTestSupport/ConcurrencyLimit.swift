/// At most `width` bodies at once, the others waiting (without a thread) in the order they
/// came: how many commands the tests run side by side, so that an async test waiting for its
/// command holds no thread and yet the tests together start no more processes, and open no
/// more descriptors, than the machine's cores can keep busy.
public actor ConcurrencyLimit {
    public let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(width: Int) {
        precondition(width > 0, "a limit lets at least one body run")
        self.width = width
    }

    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        guard running == width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the longest waiting body, if any (which then counts as running).
    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
