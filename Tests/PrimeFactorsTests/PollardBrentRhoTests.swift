import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// Pollard–Brent rho on its own: the method that splits every 64-bit part below the
/// elliptic-curve method's threshold, and the binary gcd the 64-bit code shares.
@Suite("Pollard–Brent rho")
struct PollardBrentRhoTests {
    /// Euclid's algorithm with remainders, the plain reference for Stein's.
    static func euclid(_ a: UInt64, _ b: UInt64) -> UInt64 {
        b == 0 ? a : euclid(b, a % b)
    }

    @Test func theBinaryGreatestCommonDivisorIsEuclids() {
        var generator = SplitMix64(seed: 2)
        var pairs: [(UInt64, UInt64)] = [
            (0, 0), (0, 12), (12, 0), (1, UInt64.max), (48, 18), (18, 48), (1 << 63, 1 << 40),
            (UInt64.max, UInt64.max - 2), (96, 96),
        ]
        for _ in 0..<2_000 {
            // A shared power of two and a shared odd part, as often as not.
            let shared = (generator.next() % 1000 + 1) << (generator.next() % 12)
            let a = generator.next() >> (generator.next() % 64)
            let b = generator.next() >> (generator.next() % 64)
            pairs.append((a, b))
            pairs.append(((a >> 24) * shared, (b >> 24) * shared))
        }
        for (a, b) in pairs {
            #expect(
                PollardBrentRho.greatestCommonDivisor(a, b) == Self.euclid(a, b), "gcd(\(a), \(b))")
        }
    }

    /// Every odd composite below 20,000, the small ones whose walks most often close their
    /// cycle modulo every factor at once (and so need another increment or a replay).
    @Test func splitsEveryOddCompositeBelowTwentyThousand() {
        for n in stride(from: UInt64(9), to: 20_000, by: 2) where !ReferencePrimality.isPrime(n) {
            let divisor = PollardBrentRho.divisor(of: n)
            #expect(divisor > 1 && divisor < n && n % divisor == 0, "\(n) split by \(divisor)")
        }
    }

    /// Products of two primes of 9 to 31 bits, squares of primes and Carmichael numbers: the
    /// sizes the 64-bit code gives rho (parts below 2^40) and beyond.
    @Test func splitsProductsOfTwoPrimesOfEverySizeSquaresAndCarmichaelNumbers() {
        var generator = SplitMix64(seed: 40)
        var composites: [UInt64] = [561, 41_041, 825_265, 321_197_185, 10_345_637_057_649_571_009]
        for bits in 10...32 {
            let p = ReferencePrimality.nextPrime(after: generator.next() >> (65 - bits))
            let q = ReferencePrimality.nextPrime(after: generator.next() >> (65 - bits))
            composites += [p * q, p * p]
        }
        for n in composites {
            let divisor = PollardBrentRho.divisor(of: n)
            #expect(divisor > 1 && divisor < n && n % divisor == 0, "\(n) split by \(divisor)")
        }
    }
}
