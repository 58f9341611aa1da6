import CasebookTestSupport
import Foundation
import Testing

@testable import PrimeFactors

/// The quadratic sieve on its own (not behind the elliptic-curve method): whatever the size of
/// the factors, it splits a composite of 64 to 128 bits, and what it returns divides it.
@Suite("The quadratic sieve")
struct QuadraticSieveTests {
    /// Products of two primes of `bits` bits each, the same on every run.
    static func semiprimes(bits: Int, count: Int, seed: UInt64) -> [(
        n: UInt128, p: UInt64, q: UInt64
    )] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let top = UInt64(1) << (bits - 1)
            let p = ReferencePrimality.nextPrime(after: top | generator.next() >> (65 - bits))
            let q = ReferencePrimality.nextPrime(after: top | generator.next() >> (65 - bits))
            return (UInt128(p) * UInt128(q), p, q)
        }
    }

    @Test(arguments: [36, 44, 50, 56, 60, 64])
    func splitsProductsOfTwoPrimesOfEachSizeIntoThem(bits: Int) throws {
        for (n, p, q) in Self.semiprimes(bits: bits, count: 2, seed: UInt64(bits)) {
            let divisor = try #require(QuadraticSieve.divisor(of: n), "\(n) = \(p) × \(q)")
            #expect(divisor == UInt128(p) || divisor == UInt128(q), "\(n) = \(p) × \(q)")
        }
    }

    /// What it takes: odd composites of 41 bits and more (smaller ones are trial division's,
    /// rho's and the curves'); the smallest it takes it splits.
    @Test func splitsTheSmallestCompositeItTakesAndRefusesSmallerOrEvenOnes() throws {
        let n = UInt128(1_048_507) * 1_048_661
        #expect(n.significantBitCount == 41)
        let divisor = try #require(QuadraticSieve.divisor(of: n))
        #expect(divisor == 1_048_507 || divisor == 1_048_661)
        #expect(QuadraticSieve.divisor(of: UInt128(1_000_003) * 1_000_033) == nil)
        #expect(QuadraticSieve.divisor(of: n * 2) == nil)
    }

    @Test func splitsAProductOfThreePrimes() throws {
        let first = ReferencePrimality.nextPrime(after: 1 << 40)
        let second = ReferencePrimality.nextPrime(after: first)
        let primes = [first, second, ReferencePrimality.nextPrime(after: second)].map {
            UInt128($0)
        }
        let n = primes.reduce(1, *)
        let divisor = try #require(QuadraticSieve.divisor(of: n))
        #expect(divisor > 1 && divisor < n && n % divisor == 0)
        #expect(primes.contains(divisor) || primes.contains(n / divisor))
    }

    /// A square times a prime: relations found from the square alone would only say n = n × 1.
    @Test func splitsAPrimeSquaredTimesAnother() throws {
        let p = UInt128(ReferencePrimality.nextPrime(after: 1 << 32))
        let q = UInt128(ReferencePrimality.nextPrime(after: 1 << 50))
        let divisor = try #require(QuadraticSieve.divisor(of: p * p * q))
        #expect([p, p * p, q, p * q].contains(divisor))
    }

    /// A prime power, or the square of a product, is a perfect power: every congruence of
    /// squares the sieve finds would be X ≡ ±Y modulo it, so it takes the root before sieving
    /// (for p² the search once ran for minutes and found nothing), with the highest exponent,
    /// as the wide factorization's check does.
    @Test func takesTheRootOfAPerfectPowerWithoutSieving() throws {
        let p = UInt128(ReferencePrimality.nextPrime(after: 1 << 21))
        let q = UInt128(ReferencePrimality.nextPrime(after: 1 << 31))
        let r = UInt128(ReferencePrimality.nextPrime(after: 1 << 40))
        let wide = UInt128(ReferencePrimality.nextPrime(after: 1 << 63))
        let powers: [(n: UInt128, root: UInt128)] = [
            ((p * q) * (p * q), p * q), (p * p, p), (q * q, q), (r * r, r), (wide * wide, wide),
            (p * p * p, p), (q * q * q, q), (r * r * r, r), (p * p * p * p * p, p),
            (p * p * p * p * p * p, p),
            // The smallest prime above 2^14 to a prime power k whose n has 14k bits or just
            // more (71 and 99): the highest k the size allows.
            ((0..<5).reduce(1) { product, _ in product * 16_411 }, 16_411),
            ((0..<7).reduce(1) { product, _ in product * 16_411 }, 16_411),
        ]
        for (n, root) in powers {
            let (divisor, polynomials, _) = QuadraticSieve.divisorAndWork(of: n)
            #expect(divisor == root, "\(n)")
            #expect(polynomials == 0, "\(n)")
        }
    }

    @Test func takesNoRootOfANumberBesideAPower() {
        let p = UInt128(ReferencePrimality.nextPrime(after: 1 << 21))
        let q = UInt128(ReferencePrimality.nextPrime(after: 1 << 31))
        let wide = UInt128(ReferencePrimality.nextPrime(after: 1 << 63))
        for n in [
            p * q, p * p - 2, p * p + 2, q * q * q - 2, q * q * q + 2, wide * wide - 2,
            p * p * p * p * p + 2, UInt128.max,
        ] {
            #expect(WideFactorization.perfectPower(n) == nil, "\(n)")
        }
    }

    @Test(arguments: [64, 72, 96, 112, 120, 127, 128])
    func choosesTheMultiplierSoThatKTimesNStillFits(bits: Int) {
        let n = (UInt128(1) << (bits - 1)) | 1
        let k = QuadraticSieve.multiplier(for: n)
        #expect(k >= 1 && k % 2 == 1)
        #expect(UInt128(k).multipliedReportingOverflow(by: n).overflow == false)
    }

    /// The sieve's work, held to a budget (what its fixed products took, plus 12%): the
    /// polynomials sieved (a worse threshold, logarithm or multiplier still finds the divisor,
    /// only later) and the candidates, the positions handed on to be divided out (a threshold
    /// set lower, a wider mask or a byte read twice finds it after dividing out more values for
    /// nothing).
    @Test(arguments: [(56, 4, 480, 4_520), (64, 3, 630, 7_220)])
    func splitsProductsWithinItsBudgetOfWork(
        bits: Int, count: Int, polynomialBudget: Int, candidateBudget: Int
    ) throws {
        var (polynomials, candidates) = (0, 0)
        for (n, p, q) in Self.semiprimes(bits: bits, count: count, seed: UInt64(bits) + 1_000) {
            let work = QuadraticSieve.divisorAndWork(of: n)
            #expect(work.divisor == UInt128(p) || work.divisor == UInt128(q))
            polynomials += work.polynomials
            candidates += work.candidates
        }
        #expect(polynomials <= polynomialBudget)
        #expect(polynomials >= polynomialBudget * 2 / 3, "faster than measured: lower the budget")
        #expect(candidates <= candidateBudget, "\(candidates)")
        #expect(candidates >= candidateBudget * 2 / 3, "fewer than measured: lower the budget")
    }

    /// k must be odd (an even kN would have no square root modulo 2 to sieve with) and
    /// square-free (a square factor of k adds nothing but size).
    @Test func triesOnlyOddSquareFreeMultipliers() {
        for k in QuadraticSieve.multipliers {
            #expect(k % 2 == 1, "\(k)")
            #expect(!stride(from: 3, through: 9, by: 2).contains { k % ($0 * $0) == 0 }, "\(k)")
        }
        #expect(QuadraticSieve.multipliers.first == 1)
    }

    /// The sieve's logarithms, without the C library, to within 2·10⁻⁵.
    @Test(arguments: [1.0, 1.5, 2.0, 3.0, 7.0, 1_000.0, 65_521.0, 1.7e19, 3.4e38])
    func takesBaseTwoLogarithmsCloseEnoughForTheSieve(x: Double) {
        let exact = Double(x.exponent) + Self.naturalLog(x.significand) / 0.693_147_180_559_945_3
        #expect(abs(QuadraticSieve.log2(x) - exact) < 2e-5)
    }

    /// ln m for m in [1, 2), by many terms of the same series (the reference).
    static func naturalLog(_ m: Double) -> Double {
        let s = (m - 1) / (m + 1)
        var term = s
        var sum = 0.0
        for k in stride(from: 1, through: 61, by: 2) {
            sum += term / Double(k)
            term *= s * s
        }
        return 2 * sum
    }

    static let isPrime = EratosthenesSieve.isPrime(below: 1 << 16)

    @Test func listsTheOddPrimesBelow2To16() {
        #expect(QuadraticSieve.smallPrimes == (3..<1 << 16).filter { Self.isPrime[$0] })
    }

    /// Every quadratic residue of every odd prime below 600, and of primes p with a high power
    /// of 2 in p − 1 (Tonelli–Shanks's long case): a root whose square is the residue.
    @Test func takesASquareRootOfEveryQuadraticResidue() {
        let primes = (3..<600).filter { Self.isPrime[$0] } + [40_961, 61_441, 65_521]
        for p in primes {
            let residues = Set((1..<min(p, 600)).map { $0 * $0 % p })
            for a in residues {
                let root = QuadraticSieve.squareRoot(a, p)
                #expect((0..<p).contains(root) && root * root % p == a, "√\(a) mod \(p)")
                #expect(QuadraticSieve.squareRoot(a + p, p) == root, "√\(a + p) mod \(p)")
            }
            #expect(QuadraticSieve.squareRoot(0, p) == 0 && QuadraticSieve.squareRoot(p, p) == 0)
        }
    }

    /// The Legendre symbol by Euler's criterion, and the inverse by its definition.
    @Test func takesLegendreSymbolsPowersAndInversesModuloSmallPrimes() {
        for p in (3..<300).filter({ Self.isPrime[$0] }) {
            #expect(QuadraticSieve.inverse(0, p) == nil && QuadraticSieve.inverse(p, p) == nil)
            for a in 1..<2 * p where a % p != 0 {
                var euler = 1
                for _ in 0..<(p - 1) / 2 { euler = euler * a % p }
                #expect(QuadraticSieve.power(a, (p - 1) / 2, p) == euler, "\(a)^… mod \(p)")
                #expect(QuadraticSieve.legendre(a % p, p) == (euler == 1 ? 1 : -1), "(\(a)/\(p))")
                let inverse = QuadraticSieve.inverse(a, p)
                #expect(inverse.map { a * $0 % p } == 1, "\(a)⁻¹ mod \(p)")
            }
            #expect(QuadraticSieve.power(5, 0, p) == 1 && QuadraticSieve.power(p + 2, 1, p) == 2)
        }
    }

    /// Several values' inverses modulo each prime at once (one Euclid a prime for them all) are
    /// each the one `inverse` finds, -1 where the prime divides the value, wherever it stands,
    /// and before the first prime asked for.
    @Test func invertsSeveralValuesModuloEachPrimeAsOneAtATime() {
        var generator = SplitMix64(seed: 46)
        let primes = [1, 2, 3, 5, 7, 11, 101, 8_191, 65_521]
        for count in [1, 2, 3, 4, 8] {
            let values = (0..<count).map { _ in
                // A multiple of 3 · 5 · 7 · 101 one time in four; a 40-bit value else.
                Int(
                    generator.next() % 4 == 0
                        ? 10_605 * (generator.next() % 9) : generator.next() >> 24)
            }
            let table = QuadraticSieve.inverseTable(values, primes: primes, from: 2)
            for (row, value) in values.enumerated() {
                for (index, p) in primes.enumerated() {
                    let expected = index < 2 ? -1 : QuadraticSieve.inverse(value, p) ?? -1
                    #expect(table[row * primes.count + index] == expected, "\(value)⁻¹ mod \(p)")
                }
            }
        }
    }

    /// The Knuth–Schroeppel function as published: f(k, N) = −½·log₂ k + Σ g(p, kN)·log₂ p over
    /// 2 and the first 60 odd primes, with g(2) = 2, 1 or ½ for kN ≡ 1, 5 or 3 (mod 8 or 4), and
    /// g(p) = 1/p when p divides k, 2/(p − 1) when kN is a square modulo p, else 0.
    static func knuthSchroeppel(k: Int, n: UInt128) -> Double {
        let kn = UInt128(k) * n
        var score = -0.5 * Foundation.log2(Double(k))
        score += kn % 8 == 1 ? 2 : kn % 8 == 5 ? 1 : 0.5
        for p in (3..<1 << 16).lazy.filter({ Self.isPrime[$0] }).prefix(60) {
            let residue = Int(kn % UInt128(p))
            let euler = ReferencePrimality.power(UInt64(residue), UInt64(p - 1) / 2, UInt64(p))
            let g = residue == 0 ? 1 / Double(p) : euler == 1 ? 2 / Double(p - 1) : 0
            score += g * Foundation.log2(Double(p))
        }
        return score
    }

    /// The multiplier a sieve's speed depends on (a worse one finds the same divisor, later):
    /// the k of the list with the highest f(k, N) among those for which kN fits, for 300 odd
    /// numbers of 41 to 128 bits (where two k score within 10⁻³ the test cannot tell them apart
    /// and skips the number).
    @Test func choosesTheMultiplierWithTheHighestKnuthSchroeppelScore() {
        var generator = SplitMix64(seed: 2_025)
        var compared = 0
        for index in 0..<300 {
            let bits = 41 + index % 88
            let n =
                (UInt128(generator.next()) << 64 | UInt128(generator.next())) >> (128 - bits)
                | 1 | UInt128(1) << (bits - 1)
            let scored = QuadraticSieve.multipliers.filter {
                UInt128($0).multipliedReportingOverflow(by: n).overflow == false
            }.map { (k: $0, score: Self.knuthSchroeppel(k: $0, n: n)) }
                .sorted { $0.score > $1.score }
            if scored.count > 1 && scored[0].score - scored[1].score < 1e-3 { continue }
            #expect(QuadraticSieve.multiplier(for: n) == scored[0].k, "n = \(n)")
            compared += 1
        }
        #expect(compared > 250)
    }

    /// A prime of the factor base that divides the number (the sieve is not only behind trial
    /// division) is found before any polynomial is sieved.
    @Test func findsAPrimeOfItsFactorBaseDividingTheNumberWithoutSieving() {
        let n = 101 * UInt128(ReferencePrimality.nextPrime(after: 1 << 45))
        let work = QuadraticSieve.divisorAndWork(of: n)
        #expect(work.divisor == 101 && work.polynomials == 0 && work.candidates == 0)
    }
}
