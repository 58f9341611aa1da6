import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// The one contract of `ModularArithmetic` (`ModularArithmeticContract`), run against every
/// implementation: one word, two words, four words and any size.
@Suite("Modular arithmetic, every implementation")
struct ModularArithmeticContractTests {
    /// 0, 1, 2, n − 1 and either side of n / 2, random values below n, and values at and
    /// above n, which enter reduced.
    static func values<Number: WideNumber>(
        below n: Number, random: [Number], above: [Number]
    ) -> [Number] {
        [0, 1, 2, n - 1, n / 2, n / 2 + 1] + random.map { $0 % n } + above.filter { $0 >= n }
    }

    @Test(arguments: MontgomeryModulusTests.moduli)
    func oneWord(modulus n: UInt64) {
        var generator = SplitMix64(seed: n)
        let random = (0..<6).map { _ in generator.next() }
        ModularArithmeticContract.check(
            MontgomeryModulus(n),
            values: Self.values(below: n, random: random, above: [n, n &+ 1, .max]),
            exponents: [0, 1, 2, n - 1, .max, generator.next()])
    }

    /// Small moduli, moduli just above 2^64 and 2^127 (where a sum first overflows the double
    /// word), the largest prime below 2^128 and the largest odd number, with random ones between.
    static let twoWordModuli: [UInt128] = {
        var generator = SplitMix64(seed: 130)
        let chosen: [UInt128] = [
            3, 5, 9, (1 << 64) + 1, (1 << 64) + 13, (1 << 127) + 1, UInt128.max - 158, UInt128.max,
        ]
        return chosen
            + (0..<8).map { _ in UInt128(generator.next()) << 64 | UInt128(generator.next()) | 1 }
    }()

    @Test(arguments: twoWordModuli)
    func twoWords(modulus n: UInt128) {
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: n))
        let random = (0..<6).map { _ in
            UInt128(generator.next()) << 64 | UInt128(generator.next())
        }
        ModularArithmeticContract.check(
            Montgomery128(n),
            values: Self.values(below: n, random: random, above: [n, n &+ 1, .max, .max - 1]),
            exponents: [0, 1, 2, n - 1, random[0]])
    }

    /// Moduli of 65 to 256 bits, and those just above 2^128 and 2^192 and below 2^256, where
    /// a word of the four is all ones or a sum first overflows them.
    static let fourWordModuli: [BigUInt] = {
        var generator = SplitMix64(seed: 256)
        let chosen = [
            (BigUInt(1) << 128) + 1, (BigUInt(1) << 192) + 1, (BigUInt(1) << 255) + 1,
            (BigUInt(1) << 256) - 189,
        ]
        return chosen
            + [65, 129, 200, 256].map {
                WideReferencePrimality.random(bits: $0, &generator) | 1
            }
    }()

    @Test(arguments: fourWordModuli)
    func fourWords(modulus n: BigUInt) {
        Self.check(Montgomery256(n), randomBits: 256)
    }

    /// Any size: below and beyond 256 bits.
    static let anySizeModuli: [BigUInt] = {
        var generator = SplitMix64(seed: 512)
        return [3, (BigUInt(1) << 64) + 1, (BigUInt(1) << 300) + 1]
            + [WideReferencePrimality.random(bits: 257, &generator) | 1]
    }()

    @Test(arguments: anySizeModuli)
    func anySize(modulus n: BigUInt) {
        Self.check(BigModulus(n), randomBits: 320)
    }

    /// The contract for an arithmetic on `BigUInt`s, with random values of `randomBits` bits.
    static func check<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, randomBits: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) where Arithmetic.Number == BigUInt {
        let n = m.modulus
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: n.words[0]))
        let random = (0..<4).map { _ in
            WideReferencePrimality.random(bits: randomBits, &generator)
        }
        ModularArithmeticContract.check(
            m, values: values(below: n, random: random, above: [n, n + 1, n << 1]),
            exponents: [0, 1, 2, n - 1, random[0]], sourceLocation: sourceLocation)
    }
}
