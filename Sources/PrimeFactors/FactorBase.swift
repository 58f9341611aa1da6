import BigInt

/// The quadratic sieve's factor base for kN: the sign (index 0, as 1), 2 (index 1), then the odd
/// primes modulo which kN is a square (or which divide k), each with a square root of kN and its
/// base-2 logarithm rounded.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct FactorBase {
    private(set) var primes: [Int] = [1, 2]
    private(set) var roots: [Int] = [0, 1]
    private(set) var logarithms: [UInt8] = [0, 1]
    /// Each prime's reciprocal, ⌊2^32 / p⌋ + 1 (see `remainder(_:of:reciprocal:)`).
    private(set) var reciprocals: [Int] = [reciprocal(of: 1), reciprocal(of: 2)]
    /// The first index whose prime is sieved: smaller ones hit too often to be worth it, and
    /// the threshold allows for them.
    private(set) var firstSieved = 2

    init(kn: UInt128, size: Int) {
        self.init(size: size, candidates: QuadraticSieve.smallPrimes) { Int(kn % UInt128($0)) }
    }

    /// The factor base for a kN of any size, from the odd primes as far as it needs them.
    init(kn: BigUInt, size: Int) {
        self.init(size: size, candidates: OddPrimes()) {
            Int(kn.remainder(dividingBy: UInt64($0)))
        }
    }

    /// The first `size` entries (the sign and 2 counted) from the odd primes `candidates`,
    /// given kN modulo each (`residue`).
    private init(size: Int, candidates: some Sequence<Int>, residue: (Int) -> Int) {
        for p in candidates {
            if primes.count == size { break }
            let residue = residue(p)
            guard residue == 0 || QuadraticSieve.legendre(residue, p) == 1 else { continue }
            primes.append(p)
            roots.append(QuadraticSieve.squareRoot(residue, p))
            // log₂ p rounded: ⌊log₂(2p²)⌋ / 2.
            logarithms.append(UInt8(Int.bitWidth - (2 * p * p).leadingZeroBitCount - 1) / 2)
            reciprocals.append(Self.reciprocal(of: p))
            if p < 30 { firstSieved = primes.count }
        }
    }

    /// How far a remainder by multiplication holds: for x·p at most this.
    static let remainderBound = 1 << 32

    static func reciprocal(of p: Int) -> Int { remainderBound / p + 1 }

    /// x mod p for 0 ≤ x and x·p ≤ 2^32, from p's `reciprocal` m = ⌊2^32 / p⌋ + 1 =
    /// (2^32 + e) / p (0 < e ≤ p) by a multiplication instead of a division: x·m / 2^32 is x / p
    /// plus x·e / (p·2^32), at most 1/p (equal only when p divides 2^32, where x is a multiple
    /// of p), so its whole part is x's quotient. For the multiple-polynomial sieve's bases
    /// (primes below 2^16, positions below 2^16); the self-initialising sieve's primes reach
    /// 2^22 and use their own (Lemire's) remainders.
    @inline(__always)
    static func remainder(_ x: Int, of p: Int, reciprocal: Int) -> Int {
        x &- ((x &* reciprocal) &>> 32) &* p
    }

    /// `position` mod the prime at `index`, for a position at most 2^32 divided by it.
    func remainder(_ position: Int, at index: Int) -> Int {
        assert(position >= 0 && position <= Self.remainderBound / primes[index])
        return Self.remainder(position, of: primes[index], reciprocal: reciprocals[index])
    }

    /// A prime of the base that divides `n` (only a multiplier's can divide kN), if any.
    func divisor(of n: UInt128) -> UInt128? {
        dividing(n)
    }

    /// A prime of the base that divides `n`, of any width, other than `n` itself.
    func dividing<Number: WideNumber>(_ n: Number) -> Number? {
        primes.dropFirst().lazy.first {
            n.remainder(dividingBy: UInt64($0)) == 0 && Number($0) != n
        }
        .map { Number($0) }
    }
}
