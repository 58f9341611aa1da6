import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// Trial division on its own, without the methods behind it: rho and the elliptic curves would
/// quietly find a small prime it missed, so only a test of its own notices a wrong test for
/// divisibility, a group of four skipped or a stop before the square root.
@Suite("Trial division by the primes below 2048")
struct TrialDivisionTests {
    static let smallPrimes = (3..<Int(TrialDivision.bound)).filter {
        ReferencePrimality.isPrime(UInt64($0))
    }.map(UInt64.init)

    /// Each prime, wherever it sits in its group of four or in the tail after the last group,
    /// is found as often as it divides, beside a prime above the bound that is left over.
    @Test func findsEverySmallPrimeAsOftenAsItDividesWhereverItSitsInItsGroup() {
        let large: UInt64 = 4099
        for prime in Self.smallPrimes {
            var n = large << 3
            var expected: [UInt64] = [2, 2, 2]
            while n <= UInt64.max / prime / prime && expected.count < 6 {
                n *= prime
                expected.append(prime)
            }
            var factors: [UInt64] = []
            let cofactor = TrialDivision.removeSmallFactors(of: n, into: &factors)
            #expect(factors == expected, "\(n)")
            #expect(cofactor == large, "\(n)")
        }
    }

    /// The edges of its two tests. A prime's square is the smallest number it must still be
    /// tried on. The test for divisibility, `n·p⁻¹ mod 2^64 ≤ ⌊(2^64 − 1)/p⌋`, holds with equality
    /// for the largest multiple of p below 2^64; that multiple reaches p's test unchanged when
    /// its quotient has no smaller prime factor (true of 20 primes here, 3 and 11 among them).
    @Test func findsEachSmallPrimeInItsSquareAndInItsLargestMultipleBelow2To64() {
        var equalities = 0
        for prime in Self.smallPrimes {
            Self.expectSameAsPlainDivision(prime * prime)
            let quotient = UInt64.max / prime
            guard quotient % 2 == 1,
                Self.smallPrimes.prefix(while: { $0 < prime }).allSatisfy({ quotient % $0 != 0 })
            else { continue }
            equalities += 1
            Self.expectSameAsPlainDivision(prime * quotient)
        }
        #expect(equalities == 20)
    }

    /// Its speed: it stops once the next prime's square passes what is left, which is then a
    /// prime, even one below 2048, rather than going on through all 308 primes.
    static let stops: [(n: UInt64, factors: [UInt64], cofactor: UInt64)] = [
        (3 * 1999, [3], 1999),
        (4 * 2039, [2, 2], 2039),
        (1999 * 2039, [1999], 2039),
        (5 * 7 * 4099, [5, 7], 4099),
    ]

    @Test(arguments: stops)
    func stopsOnceThePrimesPassTheSquareRootOfWhatIsLeft(
        n: UInt64, factors expected: [UInt64], cofactor: UInt64
    ) {
        var factors: [UInt64] = []
        #expect(TrialDivision.removeSmallFactors(of: n, into: &factors) == cofactor)
        #expect(factors == expected)
    }

    /// On random numbers it finds the same small primes as plain division, and stops only past
    /// the square root of what is left: its cofactor is 1, a prime, or has no prime below 2048.
    @Test func agreesWithPlainDivisionOnRandomNumbers() {
        var generator = SplitMix64(seed: 2048)
        for round in 0..<3_000 {
            // Every third number is smooth: a product of small primes only.
            var n: UInt64 = 1
            if round % 3 == 0 {
                while let prime = Self.smallPrimes.randomElement(using: &generator),
                    n <= UInt64.max / prime
                {
                    n *= prime
                }
            } else {
                n = generator.next() | 1
            }
            Self.expectSameAsPlainDivision(n)
        }
    }

    /// The small primes of `n` are those plain division finds, and the cofactor is what it
    /// leaves, or the last of them when trial division stopped past the square root.
    static func expectSameAsPlainDivision(
        _ n: UInt64, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var factors: [UInt64] = []
        let cofactor = TrialDivision.removeSmallFactors(of: n, into: &factors)
        var plain: [UInt64] = []
        var rest = n
        for prime in [2] + smallPrimes {
            while rest % prime == 0 {
                plain.append(prime)
                rest /= prime
            }
        }
        if cofactor < TrialDivision.bound && cofactor > 1 {
            #expect(ReferencePrimality.isPrime(cofactor), "\(n)", sourceLocation: sourceLocation)
            #expect(factors + [cofactor] == plain, "\(n)", sourceLocation: sourceLocation)
            #expect(rest == 1, "\(n)", sourceLocation: sourceLocation)
        } else {
            #expect(factors == plain, "\(n)", sourceLocation: sourceLocation)
            #expect(cofactor == rest, "\(n)", sourceLocation: sourceLocation)
        }
    }
}
