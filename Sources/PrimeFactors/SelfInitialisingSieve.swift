import BigInt
import Dispatch
import Synchronization

/// The self-initialising quadratic sieve (SIQS), for composites past what the curves split
/// quickly: its time depends on the number's size alone.
///
/// Relations (ax + b)² ≡ a·g(x) (mod N) come from the polynomials of `PolynomialFamily`, each
/// family's 2^(s−1) polynomials reached by Gray-code switching; `SieveWorker` sieves them block
/// by block (small-prime variation, bucket sieving and resieving of the large primes) on every
/// thread asked for; partial relations (one or two large primes) are joined through the cycles
/// of `LargePrimeGraph`. With more relations than primes, `RelationMatrix` finds sets of them
/// whose product is a square: X² ≡ Y² (mod N), and gcd(X − Y, N) a divisor in half the cases.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
enum SelfInitialisingSieve {
    /// Relations beyond the factor base's size: each at least one more dependency, each
    /// dependency a divisor with probability one half.
    static let surplus = 32

    /// Families a thread may fail to make in a row before the sieve gives up.
    static let mostFailures = 1_000

    /// The Knuth–Schroeppel multiplier for `n` (see `QuadraticSieve.multiplier`).
    static func multiplier(for n: BigUInt) -> Int {
        QuadraticSieve.multiplier { Int(n.remainder(dividingBy: UInt64($0))) }
    }

    /// A divisor of the odd composite `n` (not a prime power, no factor below 2^14) other than
    /// 1 and n, sieving on `threads` threads; nil for an even or too small n. `progress` hears
    /// how far it is after each family of polynomials.
    static func divisor(
        of n: BigUInt, threads: Int, progress: (@Sendable (SieveProgress) -> Void)? = nil,
        parameters chosen: SieveParameters? = nil
    ) -> BigUInt? {
        guard n[bitAt: 0], n.bitWidth >= 60 else { return nil }
        if let (root, _) = WideFactorization.perfectPower(n) { return root }
        let k = multiplier(for: n)
        let kn = n * BigUInt(k)
        let parameters = chosen ?? SieveParameters.forBits(n.bitWidth)
        let base = FactorBase(kn: kn, size: parameters.primes)
        if let divisor = base.dividing(n) { return divisor }
        let shared = SharedSieve(n: n, needed: base.primes.count + surplus)
        let threads = max(1, threads)
        let clock = ContinuousClock()
        let started = clock.now
        for round in 0..<4 {
            let work = { @Sendable (thread: Int) in
                var worker = SieveWorker(n: n, kn: kn, base: base, parameters: parameters)
                var random = SplitMixGenerator(
                    seed: 0x5349_5153 &+ UInt64(thread) &* 7919 &+ UInt64(round) << 32)
                // Families that could not be made (no a of the size wanted, or every one
                // taken), one after another: past the most, the sieve gives up.
                var failures = 0
                while !shared.done.load(ordering: .relaxed), failures < Self.mostFailures {
                    // The primes of a chosen under the lock; the family made outside it.
                    guard
                        let factors = PolynomialFamily.chooseFactors(
                            kn: kn, base: base, halfWidth: parameters.halfWidth, random: &random),
                        shared.state.withLock({ $0.claim(factors) }),
                        var family = PolynomialFamily(
                            kn: kn, base: base, halfWidth: parameters.halfWidth, factors: factors)
                    else {
                        failures += 1
                        continue
                    }
                    failures = 0
                    var full: [SieveRelation] = []
                    var partial: [SieveRelation] = []
                    repeat {
                        worker.sieve(family, full: &full, partial: &partial)
                    } while family.next()
                    let report = shared.state.withLock { state in
                        state.take(full: full, partial: partial, polynomials: family.count)
                    }
                    if report.found >= report.needed { shared.done.store(true, ordering: .relaxed) }
                    progress?(
                        SieveProgress(
                            stage: .sieving, bits: n.bitWidth, found: report.found,
                            needed: report.needed, polynomials: report.polynomials,
                            elapsed: clock.now - started))
                }
            }
            if threads == 1 {
                work(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: threads, execute: work)
            }
            let (relations, polynomials) = shared.state.withLock { ($0.relations, $0.polynomials) }
            progress?(
                SieveProgress(
                    stage: .linearAlgebra, bits: n.bitWidth, found: relations.count,
                    needed: relations.count, polynomials: polynomials,
                    elapsed: clock.now - started))
            if let divisor = RelationMatrix.divisor(of: n, relations: relations, base: base) {
                return divisor
            }
            // Every dependency gave 1 or N (rare): more relations, then again.
            shared.state.withLock { $0.needed += surplus }
            shared.done.store(false, ordering: .relaxed)
        }
        return nil
    }
}

/// The sieve's shared state, and whether it has relations enough, for its threads.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class SharedSieve: Sendable {
    let state: Mutex<SieveState>
    let done = Atomic<Bool>(false)

    init(n: BigUInt, needed: Int) {
        state = Mutex(SieveState(n: n, needed: needed))
    }
}

/// What the sieve's threads share: the relations found, the partial ones' graph, and the a
/// values used (each family once).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct SieveState: ~Copyable {
    let n: BigUInt
    var relations: [SieveRelation] = []
    var graph: LargePrimeGraph
    var needed: Int
    var polynomials = 0
    private var used: Set<[Int]> = []
    /// The relations' y taken so far, by `key`.
    private var seen: Set<UInt64> = []

    init(n: BigUInt, needed: Int) {
        self.n = n
        graph = LargePrimeGraph()
        self.needed = needed
    }

    /// A relation's key: the same for y and −y (N − y), and almost never for another.
    private func key(_ y: BigUInt) -> UInt64 {
        // The low words of y and of N − y (the same pair for −y), the smaller.
        let low = UInt64(y.words.first ?? 0)
        return min(low, UInt64(n.words.first ?? 0) &- low)
    }

    /// Whether no thread has had the a of these primes; it is theirs from now.
    mutating func claim(_ factors: [Int]) -> Bool {
        used.insert(factors).inserted
    }

    /// Takes a family's relations; how many there are now, and are needed.
    mutating func take(full: [SieveRelation], partial: [SieveRelation], polynomials: Int)
        -> (found: Int, needed: Int, polynomials: Int)
    {
        // Families whose a's share primes find some values twice: a relation found again (y
        // or −y again) would make a dependency of itself, and give N.
        for relation in full where seen.insert(key(relation.ys[0])).inserted {
            relations.append(relation)
        }
        for relation in partial where seen.insert(key(relation.ys[0])).inserted {
            if let combined = graph.add(relation) { relations.append(combined) }
        }
        self.polynomials += polynomials
        return (relations.count, needed, self.polynomials)
    }
}
