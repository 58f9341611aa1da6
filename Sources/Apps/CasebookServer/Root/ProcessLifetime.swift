import Foundation

/// What a server keeps until the process ends. A served application's router holds every
/// route's closure and what they capture; releasing that graph on a concurrency thread while
/// the main thread is already in `exit()` (the command returned) crashed the process at
/// shutdown now and then. Kept here, it is never released before the process is gone.
enum ProcessLifetime {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) {
        lock.withLock { kept.append(value) }
    }
}
