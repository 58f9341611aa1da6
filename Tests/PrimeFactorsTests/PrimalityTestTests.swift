import CasebookTestSupport
import Testing

@testable import PrimeFactors

@Suite("Deterministic primality")
struct PrimalityTestTests {
    @Test func agreesWithTheReferenceOnEveryNumberBelowTwentyThousand() {
        for n in UInt64(0)..<20000 {
            #expect(PrimalityTest.isPrime(n) == ReferencePrimality.isPrime(n), "\(n)")
        }
    }

    @Test(arguments: [
        UInt64(2047),  // strong pseudoprime to base 2
        1_373_653,  // to bases 2, 3
        25_326_001,  // to bases 2, 3, 5
        3_215_031_751,  // to bases 2, 3, 5, 7
        2_152_302_898_747,  // to bases 2, 3, 5, 7, 11
        3_474_749_660_383,  // to bases 2 … 13
        341_550_071_728_321,  // to bases 2 … 17
        3_825_123_056_546_413_051,  // to bases 2 … 23
        10_345_637_057_649_571_009,  // Carmichael number
    ])
    func rejectsStrongPseudoprimes(composite: UInt64) {
        #expect(!PrimalityTest.isPrime(composite))
    }

    /// Below 4,759,123,141 three bases are a proof, and only those three: each composite here
    /// passes a base set one number away from them (the smallest of each without a factor
    /// below 11, found by a search upwards), and the bound itself is the smallest composite
    /// that passes all three.
    @Test(arguments: [
        (UInt64(916_327), "2, 8, 61"),
        (1_024_651, "3, 7, 61"),
        (6_386_993, "2, 7, 62"),
        (4_759_123_141, "2, 7, 61, the proof's bound"),
    ])
    func rejectsCompositesThatPassANeighbouringSetOfTheSmallNumbersBases(
        composite: UInt64, passes bases: String
    ) {
        #expect(!PrimalityTest.isPrime(composite), "a strong pseudoprime to bases \(bases)")
    }

    /// The shortcut before Miller–Rabin, on its own (Miller–Rabin alone would give the same
    /// answers, only slower): exactly the multiples of 2, 3, 5 and 7 are refused by it.
    @Test func theShortcutRefusesExactlyTheMultiplesOfTwoThreeFiveAndSeven() {
        for n in UInt64(64)..<5_000 {
            let expected = [2, 3, 5, 7].contains { n % $0 == 0 }
            #expect(PrimalityTest.hasFactorBelowEleven(n) == expected, "\(n)")
        }
        #expect(PrimalityTest.hasFactorBelowEleven(UInt64.max))  // 3 · 5 · 17 · 257 · …
        #expect(!PrimalityTest.hasFactorBelowEleven(UInt64.max - 58))  // the largest 64-bit prime
    }

    @Test func agreesWithTheReferenceOnRandomOddNumbers() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20000 {
            let n = generator.next() | 1
            #expect(PrimalityTest.isPrime(n) == ReferencePrimality.isPrime(n), "\(n)")
        }
    }
}
