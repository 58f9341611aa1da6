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

    @Test func agreesWithTheReferenceOnRandomOddNumbers() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20000 {
            let n = generator.next() | 1
            #expect(PrimalityTest.isPrime(n) == ReferencePrimality.isPrime(n), "\(n)")
        }
    }
}
