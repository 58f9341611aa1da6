import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// The 64-bit Montgomery arithmetic every method of the 64-bit code computes in, checked on its
/// own against plain remainders: a wrong word here would show only as a wrong factor far away.
@Suite("Montgomery arithmetic on one word")
struct MontgomeryModulusTests {
    /// Small moduli, moduli around 2^32 and 2^63 (where a sum first overflows the word) and
    /// the largest odd one, with random ones between.
    static let moduli: [UInt64] = {
        var generator = SplitMix64(seed: 64)
        let chosen: [UInt64] = [
            3, 5, 9, 15, 4_294_967_291, 4_294_967_297, (1 << 63) - 25, (1 << 63) + 1,
            (1 << 63) + 29, UInt64.max - 58, UInt64.max,
        ]
        return chosen + (0..<20).map { _ in generator.next() | 1 }
    }()

    /// The values each modulus is tried with: 0, 1, n − 1, the two either side of n / 2, and
    /// random ones below n.
    static func values(below n: UInt64, seed: UInt64) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        return [0, 1, n - 1, n / 2, n / 2 + 1] + (0..<40).map { _ in generator.next() % n }
    }

    @Test(arguments: moduli)
    func multipliesAddsSubtractsAndFindsCommonDivisorsAsPlainRemaindersDo(modulus n: UInt64) {
        let m = MontgomeryModulus(n)
        let values = Self.values(below: n, seed: n)
        for a in values {
            #expect(m.leave(m.enter(a)) == a, "\(a) in and out of Montgomery form mod \(n)")
            #expect(
                m.commonDivisor(m.enter(a)) == PollardBrentRhoTests.euclid(a, n), "gcd(\(a), \(n))")
            for b in values.prefix(12) {
                let (x, y) = (m.enter(a), m.enter(b))
                let product = m.multiply(x, y)
                let sum = m.add(x, y)
                let difference = m.subtract(x, y)
                #expect(
                    [product, sum, difference].allSatisfy { $0 < n },
                    "\(a), \(b) mod \(n): every result is below the modulus")
                #expect(
                    m.leave(product) == ReferencePrimality.multiply(a, b, n), "\(a) · \(b) mod \(n)"
                )
                #expect(
                    m.leave(sum) == UInt64((UInt128(a) + UInt128(b)) % UInt128(n)), "\(a) + \(b)")
                #expect(
                    m.leave(difference)
                        == UInt64((UInt128(a) + UInt128(n) - UInt128(b)) % UInt128(n)),
                    "\(a) − \(b) mod \(n)")
            }
        }
    }

    @Test(arguments: moduli)
    func raisesToPowersAsPlainRemaindersDo(modulus n: UInt64) {
        let m = MontgomeryModulus(n)
        var generator = SplitMix64(seed: ~n)
        let exponents: [UInt64] =
            [0, 1, 2, 3, n - 1, UInt64.max] + (0..<8).map { _ in generator.next() }
        for a in Self.values(below: n, seed: n).prefix(10) {
            for exponent in exponents {
                let expected = ReferencePrimality.power(a, exponent, n)
                #expect(
                    m.leave(m.power(m.enter(a), exponent)) == expected, "\(a)^\(exponent) mod \(n)")
            }
        }
    }

    /// Into Montgomery form from any 64-bit value (it is reduced first), and the constants.
    @Test(arguments: moduli)
    func entersAnyValueAndKnowsOneAndMinusOne(modulus n: UInt64) {
        let m = MontgomeryModulus(n)
        for value in [n, n &+ 1, UInt64.max, UInt64.max - 1, n &* 2 &+ 3] where value >= n {
            #expect(m.leave(m.enter(value)) == value % n, "\(value) mod \(n)")
        }
        #expect(m.leave(m.one) == 1 % n)
        #expect(m.one == m.enter(1))
        #expect(m.minusOne == m.enter(n - 1))
        #expect(m.leave(m.zero) == 0 && m.residue(7) == m.enter(7) && m.value(m.one) == 1)
    }
}
