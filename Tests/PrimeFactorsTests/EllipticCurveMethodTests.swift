import CasebookTestSupport
import Testing

@testable import PrimeFactors

@Suite("The elliptic-curve method")
struct EllipticCurveMethodTests {
    @Test func findsAFactorOfProductsOfTwo32BitPrimes() throws {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<30 {
            let p = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 31)
            let q = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 31)
            let divisor = try #require(EllipticCurveMethod.divisor(of: p * q), "\(p) × \(q)")
            #expect(divisor == p || divisor == q)
        }
    }

    /// The method step by step, each step pinned by a product of two 32-bit primes that it
    /// alone splits (found by search): the cheap first curve (sigma = 6; neither p − 1 nor a
    /// cheap curve of sigma = 7 splits it), then Pollard's p − 1, then full curves from
    /// sigma = 7, `curves` in all counting the cheap one. A step skipped or a budget one curve
    /// off would still split most numbers, only later.
    @Test func triesTheCheapCurveThenPMinusOneThenFullCurvesWithinItsBudget() {
        func splits(_ n: UInt64, curves: Int) -> Bool {
            guard let divisor = EllipticCurveMethod.divisor(of: n, curves: curves) else {
                return false
            }
            #expect(divisor > 1 && divisor < n && n % divisor == 0, "\(divisor) of \(n)")
            return true
        }
        #expect(splits(9_008_485_810_669_288_231, curves: 1), "by the cheap curve")
        #expect(splits(8_277_478_511_996_797_661, curves: 1), "by p − 1")
        #expect(splits(14_429_813_381_234_060_449, curves: 2), "by the full curve of sigma 7")
        #expect(!splits(14_429_813_381_234_060_449, curves: 1))
        #expect(splits(7_876_793_207_238_849_917, curves: 4), "by the full curve of sigma 9")
        #expect(!splits(7_876_793_207_238_849_917, curves: 3))
    }

    /// The curves alone, without rho behind them: a stage that finds nothing (a wrong step in the
    /// second stage, a lost multiplier in the first) still lets some curve split a number sooner
    /// or later, so the budget is what pins the method down. With the first stage to 180 and the
    /// second to 12,000, a curve costs about a third more than with 125 and 5,000 but finds a
    /// 32-bit factor about twice as often: these thirty products need 140 curves in all with
    /// Suyama's sigma = 6, 7, 8, … (313, at most 39 for one, with the old bounds).
    @Test func splitsThirtyProductsOfTwo32BitPrimesWithinSixCurvesEachOnAverage() throws {
        var generator = SplitMix64(seed: 3)
        var curves: [Int] = []
        for _ in 0..<30 {
            let p = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 31)
            let q = ReferencePrimality.nextPrime(after: generator.next() >> 33 | 1 << 31)
            let arithmetic = MontgomeryModulus(p * q)
            let sigma = try #require(
                (UInt64(6)..<UInt64(206)).first { sigma in
                    guard let divisor = EllipticCurveMethod.attempt(arithmetic, sigma: sigma)
                    else { return false }
                    #expect(divisor == p || divisor == q, "\(p) × \(q)")
                    return true
                }, "\(p) × \(q) needed more than 200 curves")
            curves.append(Int(sigma) - 5)
        }
        #expect(curves.reduce(0, +) <= 180, "\(curves)")
        #expect(curves.max()! <= 30, "\(curves)")
    }

    /// Most composites left of a random 64-bit number have a factor of 12 to 20 bits; the first
    /// curve, with small bounds, costs a third of a full one and splits every one of these with
    /// a factor of 12 to 15 bits (and 18 of 30 with one of 17 to 19 bits).
    @Test func theFirstCheapCurveSplitsProductsWithAFactorOfTwelveToFifteenBits() {
        var generator = SplitMix64(seed: 9)
        var split = 0
        for _ in 0..<30 {
            let p = ReferencePrimality.nextPrime(after: generator.next() >> 49 | 1 << 11)
            let q = ReferencePrimality.nextPrime(after: generator.next() >> 21 | 1 << 42)
            let m = MontgomeryModulus(p * q)
            let divisor = EllipticCurveMethod.attempt(
                m, sigma: 6, plan: EllipticCurveMethod.quickPlan)
            if let divisor {
                #expect(divisor == p || divisor == q)
                split += 1
            }
        }
        #expect(split == 30)
    }

    /// Curves whose order modulo p has its largest prime just above B1, where the second
    /// stage's first giant step catches it (a prime in (180, 313]), or just below B2, where its
    /// last does (in (11,863, 12,000]); found by search. A second stage that skipped either end
    /// would still give right answers through other curves, only later: these pin both ends.
    static let secondStageEnds: [(p: UInt64, q: UInt64, sigma: UInt64, atTheEnd: Bool)] = [
        (2_814_979_313, 3_095_721_229, 21, false), (2_269_633_019, 3_822_821_777, 13, false),
        (4_142_394_587, 2_199_776_951, 19, false), (2_969_815_763, 4_271_203_081, 24, true),
        (3_765_659_917, 3_332_137_891, 9, true), (2_849_552_081, 3_211_424_653, 19, true),
    ]

    @Test(arguments: secondStageEnds)
    func theSecondStageReachesFromJustAboveB1ToB2(
        p: UInt64, q: UInt64, sigma: UInt64, atTheEnd: Bool
    ) {
        SecondStageEnds.expectCaught(
            MontgomeryModulus(p * q), p: p, q: q, sigma: Int(sigma), plan: EllipticCurveMethod.plan,
            firstStage: EllipticCurveMethod.firstStageBound, lastGiantStepFrom: 11_863,
            atTheEnd: atTheEnd)
    }

    @Test func bringsEveryPointToZOneWithASingleInversion() throws {
        var generator = SplitMix64(seed: 5)
        let n: UInt64 = 18_446_744_030_759_878_681  // 4294967291²: most values are invertible
        let m = MontgomeryModulus(n)
        let points = (0..<40).map { _ in
            WideEllipticCurves.Point(x: m.enter(generator.next()), z: m.enter(generator.next()))
        }
        let x = try #require(WideEllipticCurves.normalized(points, m))
        for (point, normalized) in zip(points, x) {
            let inverse = try #require(WideNumbers.inverse(m.leave(point.z), modulo: n))
            #expect(m.leave(normalized) == m.leave(m.multiply(point.x, m.enter(inverse))))
        }
        let sharing = points + [WideEllipticCurves.Point(x: m.one, z: m.enter(4_294_967_291))]
        #expect(WideEllipticCurves.normalized(sharing, m) == nil)
    }

    static let squareRoots: [(UInt64, UInt64)] = [
        (0, 0), (1, 1), (2, 1), (3, 1), (4, 2), (99, 9), (100, 10),
        (UInt64.max, 4_294_967_295), (18_446_744_030_759_878_681, 4_294_967_291),
        (18_446_744_030_759_878_680, 4_294_967_290), (1 << 62, 1 << 31),
    ]

    @Test(arguments: squareRoots)
    func integerSquareRootsAreExact(n: UInt64, root: UInt64) {
        #expect(integerSquareRoot(n) == root)
    }

    @Test func findsAFactorOfASquareOfALargePrime() throws {
        let p: UInt64 = 4_294_967_291
        #expect(try #require(EllipticCurveMethod.divisor(of: p * p)) % p == 0)
    }
}
