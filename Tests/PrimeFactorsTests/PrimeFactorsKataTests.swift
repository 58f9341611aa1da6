import PrimeFactors
import Testing

@Suite("Prime factors kata")
struct PrimeFactorsKataTests {
    @Test func oneHasNoPrimeFactors() {
        #expect(primeFactors(of: 1) == [])
    }

    @Test(arguments: [2, 3])
    func aPrimeIsItsOwnOnlyFactor(prime: Int) {
        #expect(primeFactors(of: prime) == [prime])
    }

    @Test(arguments: [
        (4, [2, 2]),
        (6, [2, 3]),
        (8, [2, 2, 2]),
        (9, [3, 3]),
    ])
    func compositesSplitIntoPrimesRepeatedByMultiplicity(composite: Int, factors: [Int]) {
        #expect(primeFactors(of: composite) == factors)
    }
}
