import Testing

@testable import PrimeFactors

/// Where the quadratic sieve's polynomials come from: primes q ≡ 3 (mod 4) with kN a square
/// modulo q, nearest the ideal √(√(2kN)/M) first, the candidates alternately above and below it,
/// never into the factor base and never from 2^31 on.
@Suite("The quadratic sieve's source of polynomials")
struct PolynomialSourceTests {
    static let kn = UInt128(4_294_967_311) * 4_294_967_357 * 15

    /// Whether q gives a polynomial: a prime modulo which kN is a non-zero square (Euler).
    static func gives(_ q: Int, kn: UInt128) -> Bool {
        let residue = UInt64(kn % UInt128(q))
        return ReferencePrimality.isPrime(UInt64(q)) && residue != 0
            && ReferencePrimality.power(residue, UInt64(q - 1) / 2, UInt64(q)) == 1
    }

    /// The q's in the order described: candidates t, t − 4, t + 4, t − 8, … for t the first
    /// number ≡ 3 (mod 4) from the ideal (or above the factor base), those below only while
    /// they stay above it, each kept if it gives a polynomial.
    static func expected(
        kn: UInt128, halfWidth: Int, largestPrime: Int, count: Int
    ) -> [Int] {
        let ideal = Int(((2 * Double(kn)).squareRoot() / Double(halfWidth)).squareRoot())
        let start = max(ideal, largestPrime + 1) | 3
        let above = stride(from: start, to: 1 << 31, by: 4)
        let below = stride(from: start - 4, to: largestPrime, by: -4)
        var candidates: [Int] = []
        var (up, down) = (above.makeIterator(), below.makeIterator())
        while let next = up.next() {
            candidates.append(next)
            if let lower = down.next() { candidates.append(lower) }
            if candidates.count > 100 * count { break }
        }
        return Array(candidates.filter { gives($0, kn: kn) }.prefix(count))
    }

    static func taken(from source: PolynomialSource, count: Int) -> [Int] {
        var source = source
        return (0..<count).compactMap { _ in source.next().map { Int($0.q) } }
    }

    /// The last factor base's largest prime, 787, is ≡ 3 mod 4 with kN a square modulo it: the
    /// candidates below stop above it.
    @Test(arguments: [(16_384, 401), (65_536, 307), (32_768, 787)])
    func takesTheQsNearestTheIdealFirstAlternatelyAboveAndBelow(
        halfWidth: Int, largestPrime: Int
    ) {
        let source = PolynomialSource(kn: Self.kn, halfWidth: halfWidth, largestPrime: largestPrime)
        let expected = Self.expected(
            kn: Self.kn, halfWidth: halfWidth, largestPrime: largestPrime, count: 40)
        #expect(Self.taken(from: source, count: 40) == expected)
        #expect(expected.contains { $0 < expected[0] } && expected.contains { $0 > expected[0] })
    }

    /// With the factor base reaching past the ideal, every q lies above the base: its largest
    /// prime, 20,047 (≡ 3 mod 4, kN a square modulo it), is never a q.
    @Test func startsAboveTheFactorBaseWhenItReachesPastTheIdeal() {
        let source = PolynomialSource(kn: Self.kn, halfWidth: 16_384, largestPrime: 20_047)
        let taken = Self.taken(from: source, count: 30)
        #expect(taken.allSatisfy { $0 > 20_047 })
        #expect(taken == taken.sorted())
        #expect(
            taken == Self.expected(kn: Self.kn, halfWidth: 16_384, largestPrime: 20_047, count: 30))
    }

    /// Below 2^31 is where a² still fits and the lift's arithmetic stays in 64 bits: the source
    /// ends there rather than go on.
    @Test func endsBelow2To31() {
        var source = PolynomialSource(kn: Self.kn, halfWidth: 16_384, largestPrime: 2_147_483_500)
        var taken: [Int] = []
        while let polynomial = source.next() { taken.append(Int(polynomial.q)) }
        #expect(taken == [2_147_483_543, 2_147_483_563, 2_147_483_579, 2_147_483_587])
        #expect(source.next() == nil)
    }
}
