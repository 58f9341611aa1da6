/// The quadratic sieve's factor base for kN: the sign (index 0, as 1), 2 (index 1), then the odd
/// primes modulo which kN is a square (or which divide k), each with a square root of kN and its
/// base-2 logarithm rounded.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct FactorBase {
    private(set) var primes: [Int] = [1, 2]
    private(set) var roots: [Int] = [0, 1]
    private(set) var logarithms: [UInt8] = [0, 1]
    /// The first index whose prime is sieved: smaller ones hit too often to be worth it, and
    /// the threshold allows for them.
    private(set) var firstSieved = 2

    init(kn: UInt128, size: Int) {
        for p in QuadraticSieve.smallPrimes where primes.count < size {
            let residue = Int(kn % UInt128(p))
            guard residue == 0 || QuadraticSieve.legendre(residue, p) == 1 else { continue }
            primes.append(p)
            roots.append(QuadraticSieve.squareRoot(residue, p))
            // log₂ p rounded: ⌊log₂(2p²)⌋ / 2.
            logarithms.append(UInt8(Int.bitWidth - (2 * p * p).leadingZeroBitCount - 1) / 2)
            if p < 30 { firstSieved = primes.count }
        }
    }

    /// A prime of the base that divides `n` (only a multiplier's can divide kN), if any.
    func divisor(of n: UInt128) -> UInt128? {
        primes.dropFirst().lazy.map { UInt128($0) }.first { n % $0 == 0 && $0 != n }
    }
}
