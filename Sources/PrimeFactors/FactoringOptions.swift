/// How `primeFactors(of:options:)` works on the numbers that need the quadratic sieve (past
/// 128 bits): on how many threads it sieves, and whom it tells how far it is.
public struct FactoringOptions: Sendable {
    /// Threads the sieve runs on; at least 1.
    public var threads: Int
    /// Told how far the sieve is after each family of polynomials, from its threads.
    public var progress: (@Sendable (SieveProgress) -> Void)?

    public init(threads: Int = 1, progress: (@Sendable (SieveProgress) -> Void)? = nil) {
        self.threads = max(1, threads)
        self.progress = progress
    }
}
