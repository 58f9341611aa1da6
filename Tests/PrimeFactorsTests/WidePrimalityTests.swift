import Testing

@testable import PrimeFactors

/// Each half of the Baillie–PSW test behind `WidePrimality.isPrime`, on its own. Together they
/// are checked on wide primes and composites (`WideFactorizationTests`), where one wrong half is
/// hidden by the other. Alone, each must be the textbook test: fooled by exactly the composites
/// known to fool it. The arithmetic is generic, so one word shows it as well as four.
@Suite("Each half of the wide primality test on its own")
struct WidePrimalityTests {
    static let limit: UInt64 = 100_000

    /// The strong pseudoprimes below 100,000 to bases 2 and 3 (OEIS A001262 and A020229;
    /// sympy's `mr(n, [base])` gives the same lists).
    static let strongPseudoprimes: [Int: [UInt64]] = [
        2: [
            2047, 3277, 4033, 4681, 8321, 15841, 29341, 42799, 49141, 52633, 65281, 74665, 80581,
            85489, 88357, 90751,
        ],
        3: [
            121, 703, 1891, 3281, 8401, 8911, 10585, 12403, 16531, 18721, 19345, 23521, 31621,
            44287, 47197, 55969, 63139, 74593, 79003, 82513, 87913, 88573, 97567,
        ],
    ]

    /// The strong Lucas pseudoprimes below 100,000 with Selfridge's parameters (OEIS A217255;
    /// sympy's `is_strong_lucas_prp` gives the same list).
    static let strongLucasPseudoprimes: [UInt64] = [
        5459, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519, 75077, 97439,
    ]

    /// Whether each number below `limit` is prime, by the sieve of Eratosthenes.
    static let isPrime = EratosthenesSieve.isPrime(below: Int(limit))

    /// The odd numbers from 3 up to `limit` that `passes` lets through though they are composite,
    /// and the primes it refuses.
    static func mistakes(_ passes: (MontgomeryModulus) -> Bool) -> (
        composites: [UInt64], primes: [UInt64]
    ) {
        var composites: [UInt64] = []
        var primes: [UInt64] = []
        for n in stride(from: 3 as UInt64, to: limit, by: 2) {
            switch (passes(MontgomeryModulus(n)), isPrime[Int(n)]) {
            case (true, false): composites.append(n)
            case (false, true): primes.append(n)
            default: break
            }
        }
        return (composites, primes)
    }

    /// Base 3 divides the modulus 3 itself: that base says nothing, and 3 passes.
    @Test(arguments: [2, 3])
    func millerRabinPassesEveryPrimeAndOnlyTheKnownStrongPseudoprimes(base: Int) {
        let (composites, primes) = Self.mistakes {
            WidePrimality.isStrongProbablePrime($0, base: base)
        }
        #expect(composites == Self.strongPseudoprimes[base])
        #expect(primes.isEmpty)
    }

    @Test func theStrongLucasTestPassesEveryPrimeAndOnlyTheKnownPseudoprimes() {
        let (composites, primes) = Self.mistakes(WidePrimality.isStrongLucasProbablePrime)
        #expect(composites == Self.strongLucasPseudoprimes)
        #expect(primes.isEmpty)
    }

    /// A square has no D with Jacobi symbol −1, so the search for one goes on until D shares a
    /// factor with it: for the square of the Mersenne prime 2^61 − 1, never. It is refused first.
    @Test func theLucasTestRefusesASquareWithoutSearchingForItsParameter() {
        let p: UInt128 = (1 << 61) - 1
        #expect(!WidePrimality.isStrongLucasProbablePrime(Montgomery128(p * p)))
    }

    /// `WidePrimality.isPrime` with a stand-in for the strong Lucas test that answers `answer`
    /// and records each modulus it is asked about.
    static func primality(of n: UInt128, lucasAnswers answer: Bool) -> (Bool, asked: [UInt128]) {
        var asked: [UInt128] = []
        let prime = WidePrimality.isPrime(
            Montgomery128(n),
            lucas: {
                asked.append($0.modulus)
                return answer
            })
        return (prime, asked)
    }

    /// The smallest prime above 2^64 and the largest below ψ13 = 3317044064679887385961981:
    /// there the 13 bases are a proof, and the Lucas test, which costs as much again, is not run.
    @Test(arguments: [18_446_744_073_709_551_629 as UInt128, 3_317_044_064_679_887_385_961_813])
    func belowTheProofBoundTheThirteenBasesAloneDecide(prime: UInt128) {
        let (isPrime, asked) = Self.primality(of: prime, lucasAnswers: false)
        #expect(isPrime)
        #expect(asked.isEmpty)
    }

    /// ψ13 itself passes all 13 bases (it is the smallest composite that does), and so does the
    /// smallest prime above it: from the bound on, the Lucas test has the last word.
    @Test(arguments: [
        3_317_044_064_679_887_385_961_981 as UInt128, 3_317_044_064_679_887_385_962_123,
    ])
    func fromTheProofBoundOnTheLucasTestDecides(n: UInt128) {
        for answer in [false, true] {
            let (isPrime, asked) = Self.primality(of: n, lucasAnswers: answer)
            #expect(isPrime == answer)
            #expect(asked == [n])
        }
    }

    /// 2^64 + 1 = 274177 × 67280421310721 fails base 2: the Lucas test is not asked.
    @Test func aCompositeABaseRefusesNeverReachesTheLucasTest() {
        let (isPrime, asked) = Self.primality(of: 18_446_744_073_709_551_617, lucasAnswers: true)
        #expect(!isPrime)
        #expect(asked.isEmpty)
    }

    /// Below `provenBelow`, Miller–Rabin alone is a proof only with the first 13 primes as
    /// bases (Sorenson and Webster's bound is for them): no composite known is told apart by
    /// them and not by another base, so only the list itself can show a base changed.
    @Test func millerRabinsBasesAreTheFirstThirteenPrimesTheProofIsFor() {
        let firstPrimes = (2..<Int(Self.limit)).filter { Self.isPrime[$0] }.prefix(13)
        #expect(WidePrimality.bases == Array(firstPrimes))
    }
}
