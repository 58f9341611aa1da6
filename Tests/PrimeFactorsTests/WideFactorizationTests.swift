import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// Numbers wider than 64 bits: factored completely, into primes, in order, whatever their size.
@Suite("Factoring numbers of any size")
struct WideFactorizationTests {
    static let mersenne61: BigUInt = (1 << 61) - 1
    static let mersenne89: BigUInt = (1 << 89) - 1
    static let mersenne127: BigUInt = (1 << 127) - 1
    static let largestBelow2To64 = BigUInt(18_446_744_073_709_551_557 as UInt64)
    static let firstAbove2To127 = BigUInt("170141183460469231731687303715884105757")
    static let firstAbove2To128 = BigUInt("340282366920938463463374607431768211507")
    static let largestBelow2To128 = BigUInt("340282366920938463463374607431768211297")
    /// 2^256 + 297: a prime too wide for `Montgomery256`, so `BigModulus` tells it is prime.
    static let firstAbove2To256 = BigUInt(
        "115792089237316195423570985008687907853269984665640564039457584007913129640233")

    static let knownFactorizations: [[BigUInt]] = [
        [274_177, 67_280_421_310_721],  // 2^64 + 1
        [largestBelow2To64, largestBelow2To64],
        [mersenne61, mersenne61],
        [mersenne61, 2_305_843_009_213_693_967],  // two 61-bit primes: 122 bits
        [mersenne127],
        [firstAbove2To127],
        [largestBelow2To128],
        [firstAbove2To128],
        [3, mersenne127],
        [mersenne61, mersenne61, mersenne61],
        [2_147_483_647, mersenne127],  // 158 bits: beyond UInt128
        [firstAbove2To128, firstAbove2To128],
        [6_291_991, 12_583_981, 18_875_971],  // a Carmichael number
        [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71],
        Array(repeating: 2, count: 200),
        [1_000_003, 1_000_033, mersenne127],  // small factors of a wide number
        [firstAbove2To256],
        [1_073_741_789, firstAbove2To256],  // 286 bits: the curves on BigModulus
    ]

    @Test(arguments: knownFactorizations)
    func findsEveryPrimeOfAProductInOrder(primes: [BigUInt]) {
        let n = primes.reduce(BigUInt(1), *)
        #expect(primeFactors(of: n) == primes.sorted())
        if let doubleWord = UInt128(exactly: n) {
            #expect(primeFactors(of: doubleWord) == primes.sorted().map { UInt128($0) })
        }
    }

    /// Random numbers of 65 to 200 bits: a smooth part and one large prime, chosen by an
    /// independent primality test on `BigUInt` (no Montgomery arithmetic), and found again.
    @Test func factorsRandomNumbersIntoThePrimesTheyWereMadeOf() {
        var generator = SplitMix64(seed: 16)
        for round in 0..<30 {
            var primes: [BigUInt] = (0..<Int(generator.next() % 4)).map { _ in
                BigUInt(ReferencePrimality.nextPrime(after: generator.next() >> 34))
            }
            // Mostly up to 128 bits; every tenth beyond, on four words.
            let bits =
                round % 10 == 9 ? 129 + Int(generator.next() % 30) : 65 + Int(generator.next() % 60)
            primes.append(
                WideReferencePrimality.nextPrime(
                    after: WideReferencePrimality.random(bits: bits, &generator)))
            let n = primes.reduce(BigUInt(1), *)
            #expect(primeFactors(of: n) == primes.sorted(), "\(n)")
        }
    }

    /// Trial division tries every odd prime below its bound and nothing else: with one missing,
    /// the curves find that prime instead (slowly), and `WidePrimality.isPrime` is asked about
    /// numbers it assumes have no factor below 64; with a composite among them, a division for
    /// nothing. Neither changes a factor, so the list itself is compared with independently
    /// found primes.
    @Test func trialDivisionTriesEveryOddPrimeBelowItsBoundAndNothingElse() {
        let oddPrimes = stride(from: 3, to: WideFactorization.trialDivisionBound, by: 2).filter {
            ReferencePrimality.isPrime(UInt64($0))
        }
        #expect(WideFactorization.smallPrimes == oddPrimes)
    }

    /// Trial division stops once what is left fits in 64 bits, and the 64-bit code factors it:
    /// three times the largest prime below 2^63 (65 bits) is never examined as a wide part.
    @Test func whatFitsIn64BitsOnceItsSmallPrimesAreOutGoesToThe64BitCode() {
        let p: UInt128 = 9_223_372_036_854_775_783
        var examined: [UInt128] = []
        let factors = WideFactorization.appendFactors(of: 3 * p) { part in
            examined.append(part)
            return .prime
        }
        #expect(factors == [3, p])
        #expect(examined.isEmpty)
    }

    /// What is wider than 64 bits once the small primes are out is examined, and what that
    /// finds is split on: the parts that fit in 64 bits go to the 64-bit code.
    @Test func aWidePartIsExaminedAndWhatItsDivisorLeavesFactoredOn() {
        let p: UInt128 = 2_305_843_009_213_693_967  // the smallest prime above 2^61
        let q: UInt128 = 2_305_843_009_213_693_951  // 2^61 − 1
        var examined: [UInt128] = []
        let factors = WideFactorization.appendFactors(of: 3 * 5 * p * q) { part in
            examined.append(part)
            return .divisor(q)
        }
        #expect(factors == [3, 5, q, p])
        #expect(examined == [p * q])
    }

    @Test func zeroAndOneHaveNoFactors() {
        #expect(primeFactors(of: BigUInt(0)).isEmpty)
        #expect(primeFactors(of: BigUInt(1)).isEmpty)
        #expect(primeFactors(of: UInt128(1)).isEmpty)
    }

    /// ψ13 = 3317044064679887385961981, the bound below which the 13 bases are a proof, is
    /// itself the smallest composite that passes all 13: it is the Lucas test that must say so.
    @Test func theProofBoundItselfIsACompositeThatFoolsAllThirteenBases() {
        let psi13: UInt128 = 3_317_044_064_679_887_385_961_981
        let m = Montgomery128(psi13)
        #expect(WidePrimality.bases.allSatisfy { WidePrimality.isStrongProbablePrime(m, base: $0) })
        #expect(!WidePrimality.isStrongLucasProbablePrime(m))
        #expect(!WidePrimality.isPrime(m))
        #expect(primeFactors(of: psi13) == [1_287_836_182_261, 2_575_672_364_521])
    }

    @Test func tellsPrimesFromCompositesAboveWhereMillerRabinIsAProof() {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<10 {
            let p = WideReferencePrimality.nextPrime(
                after: WideReferencePrimality.random(bits: 60, &generator))
            let q = WideReferencePrimality.nextPrime(
                after: WideReferencePrimality.random(bits: 60, &generator))
            #expect(!WidePrimality.isPrime(Montgomery128(UInt128(p * q))))
            #expect(
                !WidePrimality.isPrime(
                    BigModulus(p * q * WideReferencePrimality.nextPrime(after: p))))
            let large = WideReferencePrimality.nextPrime(
                after: WideReferencePrimality.random(bits: 120, &generator))
            #expect(WidePrimality.isPrime(Montgomery128(UInt128(large))))
            #expect(WidePrimality.isStrongLucasProbablePrime(Montgomery128(UInt128(large))))
            #expect(
                WidePrimality.isPrime(BigModulus(large * (1 << 80) + 1))
                    == WideReferencePrimality.isPrime(large * (1 << 80) + 1))
        }
    }

    /// The elliptic-curve method alone, without the sieve behind it: each curve level splits products
    /// of two primes of the size it is for, on average within half its own curves (these need
    /// 15, 28 and 60 curves for six products: levels of 10, 20 and 30 curves). A stage that finds
    /// nothing would still split some of them sooner or later; the budget is what notices.
    @Test(arguments: [(0, 28), (1, 36), (2, 48)])
    func eachCurveLevelSplitsProductsOfPrimesOfItsSizeOnItsOwn(level: Int, bits: Int) {
        var generator = SplitMix64(seed: UInt64(40 + level))
        let plan = WideEllipticCurves.Plan(
            firstStage: WideEllipticCurves.levels[level].firstStage,
            secondStage: WideEllipticCurves.levels[level].secondStage)
        let levelCurves = WideEllipticCurves.levels[level].curves
        var curves = 0
        let trials = 6
        for _ in 0..<trials {
            let p = WideReferencePrimality.nextPrime(
                after: WideReferencePrimality.random(bits: bits, &generator))
            let q = WideReferencePrimality.nextPrime(
                after: WideReferencePrimality.random(bits: 80, &generator))
            let arithmetic = Montgomery128(UInt128(p * q))
            let split = (6..<(6 + 3 * levelCurves)).first { sigma in
                guard let divisor = WideEllipticCurves.attempt(arithmetic, sigma: sigma, plan: plan)
                else { return false }
                #expect(divisor == UInt128(p) || divisor == UInt128(q))
                return true
            }
            #expect(split != nil, "\(p) × \(q) needed more than \(3 * levelCurves) curves")
            curves += (split ?? 6 + 3 * levelCurves) - 5
        }
        #expect(curves <= trials * levelCurves / 2)
    }

    /// The first stage multiplies a curve's point by every prime power up to B1 — the least
    /// common multiple of 1 … B1 — in one ladder over that number's words (little-endian, no
    /// zero word on top), so that every step adds the curve's starting point, whose z is 1.
    @Test(arguments: [2, 125, 150, 500, 2_000, 11_000])
    func theFirstStageTakesEveryPrimePowerUpToItsBoundInOneLadder(bound: Int) {
        let plan = WideEllipticCurves.Plan(firstStage: bound, secondStage: 50 * bound)
        var lcm = BigUInt(1)
        for n in 2...bound where ReferencePrimality.isPrime(UInt64(n)) {
            var power = n
            while power * n <= bound { power *= n }
            lcm *= BigUInt(power)
        }
        #expect(BigUInt(words: plan.firstStageScalar.map { UInt($0) }) == lcm)
        #expect(plan.firstStageScalar.last != 0)
    }

    /// The second stage catches a curve whose order's largest prime r lies in (B1, B2] by the
    /// pair (k, j) with r = kD ± j, D the giant step, k ≥ 1 and j a baby step coprime to D; or,
    /// when r is a baby step itself (below D/2: the quick curve's 61 … 103), by bringing the
    /// points to z = 1, which fails on r·Q, at infinity modulo p, and so gives p. Each plan must
    /// catch every prime between its bounds: an odd giant step (2,311 for 2,310) leaves out about
    /// half of them, as r − kD is then even for every other k, and curves that needed them go on
    /// unsplit.
    static func primesLeftUnpaired(
        by plan: WideEllipticCurves.Plan, firstStage: Int, secondStage: Int
    ) -> [Int] {
        var paired = [Bool](repeating: false, count: secondStage + plan.giantStep + 1)
        for j in plan.babySteps { paired[j] = true }
        for (k, positions) in plan.pairs.enumerated().dropFirst() {
            for position in positions {
                let j = plan.babySteps[position]
                paired[k * plan.giantStep - j] = true
                paired[k * plan.giantStep + j] = true
            }
        }
        precondition(
            firstStage < secondStage, "a second stage from \(firstStage) to \(secondStage)")
        let isPrime = EratosthenesSieve.isPrime(below: secondStage + 1)
        var unpaired: [Int] = []
        isPrime.withUnsafeBufferPointer { isPrime in
            paired.withUnsafeBufferPointer { paired in
                var n = firstStage + 1
                while n <= secondStage {
                    if isPrime[n] && !paired[n] { unpaired.append(n) }
                    n += 1
                }
            }
        }
        return unpaired
    }

    @Test(arguments: 0..<WideEllipticCurves.levels.count)
    func eachLevelsSecondStagePairsEveryPrimeBetweenItsBounds(level: Int) {
        let bounds = WideEllipticCurves.levels[level]
        #expect(
            Self.primesLeftUnpaired(
                by: WideEllipticCurves.plan(at: level), firstStage: bounds.firstStage,
                secondStage: bounds.secondStage
            ).isEmpty)
    }

    /// The same for the 64-bit method's plans (its first, cheaper curve's and the others') and
    /// Pollard's p − 1's, whose second stage pairs the same way (its B1 is above D/2, so no
    /// prime is left to the normalization, which it does not have).
    @Test func the64BitPlansPairEveryPrimeBetweenTheirBounds() {
        #expect(
            Self.primesLeftUnpaired(
                by: EllipticCurveMethod.quickPlan, firstStage: 60, secondStage: 3_000
            )
            .isEmpty)
        #expect(
            Self.primesLeftUnpaired(
                by: EllipticCurveMethod.plan, firstStage: EllipticCurveMethod.firstStageBound,
                secondStage: EllipticCurveMethod.secondStageBound
            ).isEmpty)
        #expect(
            Self.primesLeftUnpaired(
                by: PollardPMinusOne.plan, firstStage: PollardPMinusOne.firstStageBound,
                secondStage: PollardPMinusOne.secondStageBound
            ).isEmpty)
    }

    /// Each level's curves share the plan made for that level's bounds, made once: a curve
    /// does not pay for a sieve to B2, and no level runs with another's bounds.
    @Test func eachLevelUsesItsOwnPlanMadeOnce() {
        for (level, bounds) in WideEllipticCurves.levels.enumerated() {
            let plan = WideEllipticCurves.plan(at: level)
            #expect(plan === WideEllipticCurves.plan(at: level))
            let fresh = WideEllipticCurves.Plan(
                firstStage: bounds.firstStage, secondStage: bounds.secondStage)
            #expect(plan.firstStageScalar == fresh.firstStageScalar, "level \(level)")
            #expect(plan.babySteps == fresh.babySteps && plan.pairs == fresh.pairs)
        }
    }

    /// As for 64 bits: curves at the first level (150 and 7,500) whose order modulo p has its
    /// largest prime where the second stage's first giant step catches it (in (150, 313]) or its
    /// last (in (7,453, 7,500]); found by search.
    static let wideSecondStageEnds: [(p: UInt128, q: UInt128, sigma: Int, atTheEnd: Bool)] = [
        (712_774_571, 917_838_240_413_649_347_179_691, 10, false),
        (966_449_933, 1_067_734_461_847_334_772_433_741, 16, false),
        (1_023_086_353, 818_393_417_954_071_519_595_579, 16, false),
        (834_730_607, 644_813_647_528_440_939_886_327, 9, true),
        (576_303_773, 666_816_381_082_521_569_041_211, 24, true),
        (967_364_911, 1_036_927_357_725_573_226_979_273, 12, true),
    ]

    @Test(arguments: wideSecondStageEnds)
    func theWideSecondStageReachesFromJustAboveB1ToB2(
        p: UInt128, q: UInt128, sigma: Int, atTheEnd: Bool
    ) {
        SecondStageEnds.expectCaught(
            Montgomery128(p * q), p: p, q: q, sigma: sigma, plan: WideEllipticCurves.plan(at: 0),
            firstStage: WideEllipticCurves.levels[0].firstStage, lastGiantStepFrom: 7_453,
            atTheEnd: atTheEnd)
    }

    /// The wide second stage brings every point to z = 1 with one inversion, as the 64-bit one.
    @Test func bringsEveryWidePointToZOneWithASingleInversion() throws {
        var generator = SplitMix64(seed: 8)
        let p = WideReferencePrimality.nextPrime(
            after: WideReferencePrimality.random(bits: 60, &generator))
        let q = WideReferencePrimality.nextPrime(
            after: WideReferencePrimality.random(bits: 60, &generator))
        let n = UInt128(p * q)
        let m = Montgomery128(n)
        let points = (0..<30).map { _ in
            WideEllipticCurves.Point(
                x: m.residue(UInt128(WideReferencePrimality.random(bits: 100, &generator))),
                z: m.residue(UInt128(WideReferencePrimality.random(bits: 100, &generator))))
        }
        let x = try #require(WideEllipticCurves.normalized(points, m))
        for (point, normalized) in zip(points, x) {
            let inverse = try #require(WideNumbers.inverse(m.value(point.z), modulo: n))
            #expect(m.value(normalized) == m.value(m.multiply(point.x, m.residue(inverse))))
        }
        let sharing = points + [WideEllipticCurves.Point(x: m.one, z: m.residue(UInt128(p)))]
        #expect(WideEllipticCurves.normalized(sharing, m) == nil)
    }
}
