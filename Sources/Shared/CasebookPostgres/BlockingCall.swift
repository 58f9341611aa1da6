import Dispatch

/// Runs async work and waits for it on the calling thread: for a store whose protocol is
/// synchronous (the diary's, as the case study has it) over PostgresNIO, which is async.
///
/// The calling thread is blocked until the work ends, so callers run on threads of their own
/// (the server calls such stores on `NIOThreadPool`), never on the concurrency pool's few
/// threads, which the work itself needs.
public enum BlockingCall {
    public static func wait<T: Sendable>(
        _ operation: @escaping @Sendable () async throws -> T
    ) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.set(.success(try await operation()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }
}
