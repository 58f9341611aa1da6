import Diary
import NIOPosix

/// Where the diary's store is called. `DiaryStore` is synchronous, as the case study's store
/// is: over SQLite a call is a local read or write and runs where the request runs, but over
/// PostgreSQL it waits on its thread for the network, so it runs on a thread pool of its own,
/// never on the concurrency pool's few threads (which the database's client itself needs).
struct DiaryWork: Sendable {
    let store: any DiaryStore & Sendable
    /// Whether a call waits on its thread for another process (a database server).
    let waitsOnNetwork: Bool
    /// What follows every call, whether it succeeded or not: an encrypted diary open in
    /// memory seals what changed back over its file (`DiaryEncryption`).
    var afterEachCall: (@Sendable () throws -> Void)? = nil
    /// What goes before every call, and may refuse it: an encrypted diary being locked takes
    /// no more calls. A call it lets through is followed by `afterEachCall`.
    var beforeEachCall: (@Sendable () throws -> Void)? = nil

    /// The threads that wait: enough for as many diary requests at once as the database's
    /// pool has connections.
    private static let threads: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 16)
        pool.start()
        return pool
    }()

    /// `body`, in the request's task or on a thread of the pool, with the request's values
    /// (`RequestLocals`) either way.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let call: @Sendable () throws -> T
        if let afterEachCall {
            let beforeEachCall = beforeEachCall
            call = {
                try beforeEachCall?()
                let result: T
                do {
                    result = try body()
                } catch {
                    // The call's own failure is what the request answers; a write it made
                    // before failing is sealed all the same.
                    try? afterEachCall()
                    throw error
                }
                try afterEachCall()
                return result
            }
        } else {
            call = body
        }
        guard waitsOnNetwork else { return try call() }
        let locals = RequestLocals.current()
        return try await Self.threads.runIfActive { try locals.bound(call) }
    }

    /// `body` with the diary's use cases over this store, where its calls run.
    @discardableResult
    func entries<T: Sendable>(_ body: @escaping @Sendable (DiaryEntries) throws -> T)
        async throws -> T
    {
        let store = store
        return try await run { try body(DiaryEntries(store: store)) }
    }
}
