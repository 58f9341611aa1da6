import Foundation

/// The diary's revision, read from the store only when the data directory may have changed, so
/// that an unchanged list costs one system call instead of a database read.
final class RevisionTracker: @unchecked Sendable {
    private let signal: any ChangeSignal
    private let read: @Sendable () throws -> Int
    private let lock = NSLock()
    private var known: Int?

    init(signal: any ChangeSignal, read: @escaping @Sendable () throws -> Int) {
        self.signal = signal
        self.read = read
    }

    func current() throws -> Int {
        try lock.withLock {
            // Drain first, then read: a change after the drain is still queued for next time.
            if signal.drainChanges() || known == nil { known = try read() }
            return known!
        }
    }
}
