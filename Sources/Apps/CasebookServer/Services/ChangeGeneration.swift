import Foundation

/// A count of the changes seen in a directory, shared by everything that watches it: one
/// inotify descriptor however many diaries live there, each reader noting the count it last
/// read at (re-reading only when it moved). Reading drains the signal first, so a change made
/// after the drain moves the count next time.
final class ChangeGeneration: @unchecked Sendable {
    private let signal: any ChangeSignal
    private let lock = NSLock()
    private var generation = 0

    init(signal: any ChangeSignal) {
        self.signal = signal
    }

    func current() -> Int {
        lock.withLock {
            if signal.drainChanges() { generation += 1 }
            return generation
        }
    }
}
