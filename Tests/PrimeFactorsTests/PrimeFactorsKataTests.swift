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
        (2 * 2 * 7 * 7 * 11 * 17 * 17, [2, 2, 7, 7, 11, 17, 17]),
    ])
    func compositesSplitIntoPrimesRepeatedByMultiplicity(composite: Int, factors: [Int]) {
        #expect(primeFactors(of: composite) == factors)
    }

    @Test(arguments: [0, -1, -2, -12, Int.min])
    func valuesBelowTwoHaveNoPrimeFactors(value: Int) {
        #expect(primeFactors(of: value) == [])
    }

    @Test func intMaxFactorsCompletely() {
        #expect(primeFactors(of: Int.max) == [7, 7, 73, 127, 337, 92737, 649657])
    }
}
