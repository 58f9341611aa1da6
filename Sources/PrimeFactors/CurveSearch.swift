import Synchronization

/// The curves of one level shared among threads: which to try next, and the first divisor
/// found, after which no thread starts another.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class CurveSearch<Number>: @unchecked Sendable {
    private let next = Atomic<Int>(0)
    private let over = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    private var first: Number?

    var isOver: Bool { over.load(ordering: .acquiring) }

    /// The divisor found first, if any.
    var divisor: Number? { lock.withLock { _ in first } }

    /// The index of the next curve no thread has taken.
    func nextCurve() -> Int {
        next.add(1, ordering: .relaxed).oldValue
    }

    func found(_ divisor: Number) {
        lock.withLock { _ in
            if first == nil { first = divisor }
        }
        over.store(true, ordering: .releasing)
    }
}
