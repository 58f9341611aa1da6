import PrimeFactors
import Testing

@Suite("Prime factors kata")
struct PrimeFactorsKataTests {
    @Test func oneHasNoPrimeFactors() {
        #expect(primeFactors(of: 1) == [])
    }

    @Test func aPrimeIsItsOwnOnlyFactor() {
        #expect(primeFactors(of: 2) == [2])
    }
}
