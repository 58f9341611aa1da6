import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// Pollard's p − 1 method on its own, without the curves behind it: it splits n = p·q when
/// p − 1 is made of prime powers up to B1 (1,000) and at most one prime up to B2 (25,000), and
/// q − 1 is not. The primes below were found by factoring p − 1 for random 32-bit primes.
@Suite("Pollard's p − 1 method")
struct PollardPMinusOneTests {
    /// q − 1 has a prime factor far above B2: the method can only ever find p.
    static let unlucky: UInt64 = 2_658_625_969  // q − 1 = 2^4 · 3 · 31 · 1,786,711

    /// p − 1 made of prime powers up to 1,000 only: the first stage finds p.
    static let smooth: [UInt64] = [2_767_054_501, 2_922_295_637, 2_287_466_917]

    @Test(arguments: smooth)
    func theFirstStageFindsAPrimeWhosePMinusOneIsSmooth(p: UInt64) throws {
        let firstStageOnly = WideEllipticCurves.Plan(firstStage: 1_000, secondStage: 1_000)
        #expect(PollardPMinusOne.divisor(of: p * Self.unlucky, plan: firstStageOnly) == p)
        #expect(PollardPMinusOne.divisor(of: p * Self.unlucky) == p)
    }

    /// p − 1 = (prime powers up to 1,000) · r with r just above B1 or just below B2: only the
    /// second stage finds p, from its first giant steps to its last.
    static let secondStage: [(p: UInt64, r: UInt64)] = [
        (3_810_249_481, 1_021), (2_879_979_209, 1_033), (3_791_704_601, 24_337),
        (3_932_435_761, 24_419),
    ]

    @Test(arguments: secondStage)
    func theSecondStageFindsAPrimeWithOneLargerFactorInPMinusOne(p: UInt64, r: UInt64) {
        #expect((p - 1) % r == 0)
        let firstStageOnly = WideEllipticCurves.Plan(firstStage: 1_000, secondStage: 1_000)
        #expect(PollardPMinusOne.divisor(of: p * Self.unlucky, plan: firstStageOnly) == nil)
        #expect(PollardPMinusOne.divisor(of: p * Self.unlucky) == p)
    }

    @Test func findsNothingWhenNeitherPMinusOneIsSmooth() {
        // 3,983,978,623 − 1 = 2 · 3 · 13² · 3,928,973: a factor above B2 in both.
        #expect(PollardPMinusOne.divisor(of: Self.unlucky * 3_983_978_623) == nil)
    }

    @Test func neverAnswersTheNumberItselfWhenBothPrimesAreFoundAtOnce() {
        let n = Self.smooth[0] * Self.smooth[1]
        #expect(PollardPMinusOne.divisor(of: n) == nil)
    }

    /// What it is there for: a third of the products of two random 32-bit primes split for
    /// about a fifth of a curve's work each (docs/performance.md); fewer would make it a cost.
    @Test func splitsAboutAThirdOfProductsOfTwoRandom32BitPrimes() throws {
        var generator = SplitMix64(seed: 17)
        var split = 0
        for _ in 0..<200 {
            let p = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 31)
            let q = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 31)
            if let divisor = PollardPMinusOne.divisor(of: p * q) {
                #expect(divisor == p || divisor == q)
                split += 1
            }
        }
        #expect(split >= 50, "\(split) of 200")
    }
}
