import BigInt
import Testing

@testable import PrimeFactors

/// The curves tried before the self-initialising sieve, on as many threads as the sieve gets:
/// each level's curves shared out among them, a level's whole set tried before the next, and
/// the first divisor any finds returned.
@Suite("The curves before the wide sieve, on every thread")
struct ParallelCurvesTests {
    /// 549755814667 × 633825300114114700748351615099: 139 bits, a 40-bit factor.
    static let withSmallFactor = BigUInt("348449144220790895375390956716115962857033")
    /// Two 70-bit primes: 139 bits, nothing the first levels find.
    static let balanced = BigUInt("348449143727041045632604916570739580878851")

    @Test(arguments: [1, 2, 3, 8])
    func findTheSmallFactorOnAnyNumberOfThreads(threads: Int) throws {
        let m = Montgomery256(Self.withSmallFactor)
        let divisor = try #require(WideEllipticCurves.divisor(m, levels: 2, threads: threads))
        #expect(divisor == BigUInt(549_755_814_667))
    }

    @Test(arguments: [1, 2])
    func findNothingInABalancedProductAfterEveryCurveOfTheLevels(threads: Int) {
        let m = Montgomery256(Self.balanced)
        #expect(WideEllipticCurves.divisor(m, levels: 1, threads: threads) == nil)
    }
}
