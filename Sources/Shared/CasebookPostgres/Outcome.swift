import Foundation

/// A result handed from one thread to another, set once and read after.
final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) {
        lock.withLock { self.result = result }
    }

    func get() throws -> T {
        try lock.withLock { result! }.get()
    }
}
