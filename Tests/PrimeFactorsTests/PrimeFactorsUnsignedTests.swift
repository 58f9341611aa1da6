import CasebookTestSupport
import PrimeFactors
import Testing

@Suite("Prime factors over the whole UInt64 range")
struct PrimeFactorsUnsignedTests {
    @Test(arguments: [UInt64(0), 1])
    func zeroAndOneHaveNoPrimeFactors(value: UInt64) {
        #expect(primeFactors(of: value) == [])
    }

    @Test(arguments: [
        UInt64(2),
        3,
        4_294_967_291,  // largest prime below 2^32
        9_223_372_036_854_775_783,  // largest prime below 2^63
        18_446_744_073_709_551_557,  // largest prime below 2^64
    ])
    func primesAreTheirOwnOnlyFactor(prime: UInt64) {
        #expect(primeFactors(of: prime) == [prime])
    }

    static let hardComposites: [(UInt64, [UInt64])] = [
        (UInt64.max, [3, 5, 17, 257, 641, 65537, 6_700_417]),
        (1 << 63, [UInt64](repeating: 2, count: 63)),
        // squares of large primes
        (4_294_967_291 * 4_294_967_291, [4_294_967_291, 4_294_967_291]),
        (4_294_967_279 * 4_294_967_279, [4_294_967_279, 4_294_967_279]),
        // products of two 32-bit primes
        (4_294_967_279 * 4_294_967_291, [4_294_967_279, 4_294_967_291]),
        (2_147_483_659 * 4_294_967_291, [2_147_483_659, 4_294_967_291]),
        // Carmichael numbers, small and near 2^64
        (561, [3, 11, 17]),
        (41041, [7, 11, 13, 41]),
        (825_265, [5, 7, 17, 19, 73]),
        (10_345_637_057_649_571_009, [1_199_137, 2_398_273, 3_597_409]),
        // strong pseudoprimes to many small prime bases at once
        (3_215_031_751, [151, 751, 28351]),
        (3_825_123_056_546_413_051, [149_491, 747_451, 34_233_211]),
    ]

    @Test(arguments: hardComposites)
    func hardCompositesFactorCompletely(composite: UInt64, factors: [UInt64]) {
        #expect(primeFactors(of: composite) == factors)
    }

    @Test func intAndUnsignedAgreeOnIntMax() {
        #expect(primeFactors(of: UInt64(Int.max)).map(Int.init) == primeFactors(of: Int.max))
    }

    @Test func factorsMultiplyBackToRandomInputsAndAreAscendingPrimes() {
        var generator = SplitMix64(seed: 0x5EED_CA5E_B00C)
        for _ in 0..<3000 {
            let input = generator.next()
            let factors = primeFactors(of: input)
            #expect(factors == factors.sorted(), "\(input)")
            #expect(ReferencePrimality.product(of: factors) == input, "\(input) → \(factors)")
            for factor in factors {
                #expect(ReferencePrimality.isPrime(factor), "\(factor) of \(input)")
            }
        }
    }

    @Test func semiprimesOfRandomLargePrimesSplitIntoThosePrimes() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<40 {
            let p = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 30)
            let q = ReferencePrimality.nextPrime(after: generator.next() >> 32 | 1 << 31)
            #expect(primeFactors(of: p * q) == [min(p, q), max(p, q)])
        }
    }
}
