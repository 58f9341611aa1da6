import Testing

@testable import PrimeFactors

/// Which method splits a part of 65 to 128 bits with no factor below 2^14, by its size: up to
/// `sieveAbove` bits the elliptic-curve method; above, the curves' first levels (two up to 116
/// bits, three above: about a quarter of the sieve's time) and then the quadratic sieve, the
/// curves going on only if the sieve gives up. Every method finds a right divisor, so the factors
/// alone never show a part sent the wrong way: the methods are replaced by stubs that record
/// being asked. Primality and perfect powers are found for real.
@Suite("Splitting a part of 65 to 128 bits: the method for its size")
struct WideSplitTests {
    /// The methods `examine` was given, answering with fixed divisors and recording each call.
    struct MethodsSpy {
        var calls: [String] = []
        var curvesFind: UInt128? = nil
        var sieveFinds: UInt128? = nil
        var allCurvesFind: UInt128 = 1

        mutating func examine(_ part: UInt128) -> WideFactorization.Part<UInt128> {
            WideFactorization.examine(
                part,
                curves: { m, levels in
                    calls.append("curves \(m.modulus), \(levels) levels")
                    return curvesFind
                },
                sieve: {
                    calls.append("sieve \($0)")
                    return sieveFinds
                },
                allCurves: {
                    calls.append("all curves \($0.modulus)")
                    return allCurvesFind
                })
        }
    }

    /// 1125899906842589 × 1125899906842597: 100 bits, the widest part the curves take alone.
    static let bits100: UInt128 = 1_267_650_600_228_159_595_702_478_963_633
    /// 1125899906842597 × 2251799813685119: 101 bits.
    static let bits101: UInt128 = 2_535_301_200_456_252_763_310_454_214_043
    /// 288230376151711687 × 288230376151711717: 116 bits.
    static let bits116: UInt128 = 83_076_749_736_557_217_845_136_344_523_736_579
    /// 288230376151711717 × 576460752303423433: 117 bits.
    static let bits117: UInt128 = 166_153_499_473_114_452_695_864_881_998_464_461

    @Test func aPartOf100BitsIsSplitByTheCurvesAlone() {
        var methods = MethodsSpy(allCurvesFind: 1_125_899_906_842_589)
        #expect(methods.examine(Self.bits100) == .divisor(1_125_899_906_842_589))
        #expect(methods.calls == ["all curves \(Self.bits100)"])
    }

    @Test(arguments: [bits101, bits116])
    func aPartOf101To116BitsGetsTwoCurveLevelsThenTheSieve(part: UInt128) {
        var methods = MethodsSpy(sieveFinds: 12345)
        #expect(methods.examine(part) == .divisor(12345))
        #expect(methods.calls == ["curves \(part), 2 levels", "sieve \(part)"])
    }

    @Test func aPartOf117BitsGetsThreeCurveLevelsThenTheSieve() {
        var methods = MethodsSpy(sieveFinds: 12345)
        #expect(methods.examine(Self.bits117) == .divisor(12345))
        #expect(methods.calls == ["curves \(Self.bits117), 3 levels", "sieve \(Self.bits117)"])
    }

    @Test func whatTheFirstCurveLevelsFindTheSieveIsNotAskedFor() {
        var methods = MethodsSpy(curvesFind: 288_230_376_151_711_717)
        #expect(methods.examine(Self.bits117) == .divisor(288_230_376_151_711_717))
        #expect(methods.calls == ["curves \(Self.bits117), 3 levels"])
    }

    @Test func whenTheSieveGivesUpTheCurvesGoOn() {
        var methods = MethodsSpy(allCurvesFind: 1_125_899_906_842_597)
        #expect(methods.examine(Self.bits101) == .divisor(1_125_899_906_842_597))
        #expect(
            methods.calls == [
                "curves \(Self.bits101), 2 levels", "sieve \(Self.bits101)",
                "all curves \(Self.bits101)",
            ])
    }

    /// The smallest prime above 2^100, on the sieve's side of the boundary.
    @Test func aPrimeIsKnownWithoutAnyMethod() {
        let prime: UInt128 = 1_267_650_600_228_229_401_496_703_205_653
        var methods = MethodsSpy()
        #expect(methods.examine(prime) == .prime)
        #expect(methods.calls.isEmpty)
    }

    /// The squares of the largest primes below 2^50 and 2^64 (100 and 128 bits: either side of
    /// the boundary), the cube of the largest below 2^34 (102 bits), the fifth power of the
    /// largest below 2^25 (125 bits), and the seventh power of the smallest above 2^14 (99 bits:
    /// the highest exponent a part with no smaller prime can have at its size): neither the
    /// curves nor the sieve split a power of one large prime quickly.
    @Test(arguments: [
        (1_125_899_906_842_597 as UInt128, 2), (18_446_744_073_709_551_557, 2),
        (17_179_869_143, 3), (33_554_393, 5), (16411, 7),
    ])
    func aPowerOfOnePrimeIsKnownWithoutAnyMethod(root: UInt128, exponent: Int) {
        let power = (0..<exponent).reduce(1 as UInt128) { product, _ in product * root }
        var methods = MethodsSpy()
        #expect(methods.examine(power) == .power(root, exponent))
        #expect(methods.calls.isEmpty)
    }
}
