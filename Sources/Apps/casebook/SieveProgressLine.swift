import PrimeFactors
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `casebook factor` shows on a terminal's standard error while the quadratic sieve works
/// on a number for longer than a delay (a second, unless `ProgressDelay` says otherwise), as
/// yafu and msieve do: one line, rewritten in place at most four times a second, taken away
/// when the sieving ends.
///
///     casebook factor: quadratic sieve, 160-bit number: 812 of 1232 relations, 1.4 s, about 0.7 s left
@available(macOS 15.0, *)
final class SieveProgressLine: Sendable {
    private struct State {
        var shown = false
        var lastShown: Duration = .zero
    }

    private let state = Mutex(State())
    private let delay: Duration
    private let write: @Sendable (String) -> Void

    /// A line shown once the sieving has taken `delay`, written with `write` (standard error,
    /// by default).
    init(
        delay: Duration = ProgressDelay.standard,
        write: @escaping @Sendable (String) -> Void = SieveProgressLine.standardError
    ) {
        self.delay = delay
        self.write = write
    }

    /// Shows `progress`, or takes the line away once the sieving is done.
    func report(_ progress: SieveProgress) {
        state.withLock { state in
            guard progress.stage == .sieving else {
                if state.shown { write("\r\u{1B}[K") }
                state = State()
                return
            }
            guard progress.elapsed >= delay,
                !state.shown || progress.elapsed - state.lastShown >= .milliseconds(250)
            else { return }
            write("\r\u{1B}[K" + Self.text(progress))
            state.shown = true
            state.lastShown = progress.elapsed
        }
    }

    /// The line for `progress`.
    static func text(_ progress: SieveProgress) -> String {
        var text =
            "casebook factor: quadratic sieve, \(progress.bits)-bit number: "
            + "\(min(progress.found, progress.needed)) of \(progress.needed) relations, "
            + seconds(progress.elapsed)
        if let remaining = progress.remaining { text += ", about \(seconds(remaining)) left" }
        return text
    }

    /// A duration in seconds with one decimal: "1.4 s".
    static func seconds(_ duration: Duration) -> String {
        let wholeTenths: Double = Double(duration.components.seconds) * 10
        let fraction: Double = Double(duration.components.attoseconds) / 1e17
        let tenths = Int((wholeTenths + fraction).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }

    static let standardError: @Sendable (String) -> Void = { text in
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            #if canImport(Glibc)
                _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
            #else
                _ = Darwin.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
            #endif
        }
    }
}
