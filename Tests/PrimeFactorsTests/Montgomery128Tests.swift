import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// The 128-bit Montgomery arithmetic the wide methods compute in below 2^128, against
/// `BigUInt`'s own: a wrong double word would show only as a wrong factor far away.
@Suite("Arithmetic modulo numbers up to 128 bits")
struct Montgomery128Tests {
    /// The full product Montgomery128 computes from 64-bit halves, against BigUInt's, at the
    /// edges (every half all ones, carries out of the middle column) and at random.
    @Test func multipliesInFullAsBigUIntDoes() {
        var generator = SplitMix64(seed: 128)
        let edges: [UInt128] = [
            0, 1, UInt128(UInt64.max), UInt128(UInt64.max) << 64, .max, .max - 1,
        ]
        let random = (0..<200).map { _ in
            UInt128(generator.next()) << 64 | UInt128(generator.next())
        }
        for a in edges + random.prefix(20) {
            for b in edges + random.suffix(20) {
                let (high, low) = Montgomery128.fullProduct(a, b)
                #expect(BigUInt(high) << 128 | BigUInt(low) == BigUInt(a) * BigUInt(b))
            }
        }
    }

    @Test func multipliesModuloAsBigUIntDoes() {
        var generator = SplitMix64(seed: 129)
        for bits in [65, 100, 127, 128] {
            let n = UInt128(WideReferencePrimality.random(bits: bits, &generator) | 1)
            let m = Montgomery128(n)
            for _ in 0..<20 {
                let a = UInt128(WideReferencePrimality.random(bits: 128, &generator) % BigUInt(n))
                let b = UInt128(WideReferencePrimality.random(bits: 128, &generator) % BigUInt(n))
                #expect(
                    m.value(m.multiply(m.residue(a), m.residue(b)))
                        == UInt128(BigUInt(a) * BigUInt(b) % BigUInt(n)))
            }
        }
    }

    /// Small moduli, moduli just above 2^64 and 2^127 (where a sum first overflows the double
    /// word), the largest prime below 2^128 and the largest odd number, with random ones between.
    static let moduli: [UInt128] = {
        var generator = SplitMix64(seed: 130)
        let chosen: [UInt128] = [
            3, 5, 9, (1 << 64) + 1, (1 << 64) + 13, (1 << 127) + 1, UInt128.max - 158, UInt128.max,
        ]
        return chosen
            + (0..<8).map { _ in UInt128(generator.next()) << 64 | UInt128(generator.next()) | 1 }
    }()

    @Test(arguments: moduli)
    func addsSubtractsHalvesAndRaisesToPowersAsBigUIntDoes(modulus n: UInt128) {
        let m = Montgomery128(n)
        let big = BigUInt(n)
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: n))
        let values: [UInt128] =
            [0, 1, 2, n - 1, n / 2, n / 2 + 1]
            + (0..<6).map { _ in UInt128(generator.next()) << 64 | UInt128(generator.next()) }
            .map { $0 % n }
        for a in values {
            let x = m.residue(a)
            #expect(x < n && m.value(x) == a, "\(a) in and out of Montgomery form mod \(n)")
            #expect(m.value(m.add(m.half(x), m.half(x))) == a, "half of \(a) mod \(n)")
            #expect(
                BigUInt(m.commonDivisor(x)) == BigUInt(a).greatestCommonDivisor(with: big),
                "gcd(\(a), \(n))")
            for b in values.prefix(8) {
                let y = m.residue(b)
                let (sum, difference) = (m.add(x, y), m.subtract(x, y))
                #expect(sum < n && difference < n, "\(a), \(b) mod \(n): results below the modulus")
                #expect(
                    BigUInt(m.value(sum)) == (BigUInt(a) + BigUInt(b)) % big, "\(a) + \(b) mod \(n)"
                )
                #expect(
                    BigUInt(m.value(difference)) == (BigUInt(a) + big - BigUInt(b)) % big,
                    "\(a) − \(b) mod \(n)")
            }
        }
        for a in [0, 1, 2, n - 1, values[values.count - 1]] {
            for exponent in [UInt128(0), 1, 2, n - 1, UInt128(generator.next())] {
                #expect(
                    BigUInt(m.value(m.power(m.residue(a), exponent)))
                        == BigUInt(a).power(BigUInt(exponent), modulus: big),
                    "\(a)^\(exponent) mod \(n)")
            }
        }
        for value in [n, n &+ 1, UInt128.max, UInt128.max - 1] where value >= n {
            #expect(m.value(m.residue(value)) == value % n, "\(value) mod \(n)")
        }
        #expect(m.value(m.one) == 1 % n && m.one == m.residue(1) && m.value(m.zero) == 0)
    }
}
