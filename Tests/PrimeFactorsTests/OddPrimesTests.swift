import Testing

@testable import PrimeFactors

/// The odd primes as the self-initialising sieve's factor base draws them, a segment of the
/// sieve at a time, against the tests' own sieve.
@Suite("The odd primes, sieved as they are needed")
struct OddPrimesTests {
    /// Past the small primes' end (2^16) and across several segments.
    static let limit = 600_000

    @Test func areThoseOfASieveInOrderAcrossItsSegments() {
        let isPrime = EratosthenesSieve.isPrime(below: Self.limit)
        let expected = (3..<Self.limit).filter { isPrime[$0] }
        let primes = Array(OddPrimes().prefix(expected.count))
        #expect(primes == expected)
    }

    @Test func beginWithThreeAndGoOnPastEverySegmentsEnd() {
        var primes = OddPrimes().makeIterator()
        #expect(primes.next() == 3)
        #expect(primes.next() == 5)
        // The first prime past 2^16 and the first past the first segment after it.
        #expect(OddPrimes().first { $0 > 1 << 16 } == 65_537)
        #expect(OddPrimes().first { $0 > (1 << 16) + OddPrimes.segmentLength } == 131_101)
    }
}
