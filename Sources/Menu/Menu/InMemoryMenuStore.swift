import Foundation

/// The menu's revisions in memory: for tests, and a server that keeps nothing.
public final class InMemoryMenuStore: MenuStore, @unchecked Sendable {
    private let lock = NSLock()
    private var saved: [MenuRevision] = []

    public init() {}

    public func current() async throws -> MenuRevision? {
        lock.withLock { saved.last }
    }

    public func save(_ menu: Menu, basedOn base: Int?, by author: String, note: String?)
        async throws -> MenuRevision
    {
        try lock.withLock {
            let current = saved.last?.number
            guard base == current else { throw MenuConflictError(base: base, current: current) }
            let revision = MenuRevision(
                number: (current ?? 0) + 1, menu: menu, author: author, savedAt: Date(), note: note)
            saved.append(revision)
            return revision
        }
    }

    public func currentNumber() async throws -> Int? {
        lock.withLock { saved.last?.number }
    }

    public func revision(_ number: Int) async throws -> MenuRevision? {
        lock.withLock { saved.first { $0.number == number } }
    }

    public func revisions(limit: Int, before number: Int?) async throws -> [MenuRevision] {
        lock.withLock {
            Array(saved.reversed().filter { $0.number < (number ?? Int.max) }.prefix(max(0, limit)))
        }
    }
}
