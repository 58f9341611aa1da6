import Testing

@testable import PrimeFactors

/// Which method splits a part of 65 to 128 bits with no factor below 2^14, by its size: up to
/// `sieveAbove` (86) bits the elliptic-curve method; above, the curves' first level (a fifth or
/// so of the sieve's time) and then the quadratic sieve — the
/// multiple-polynomial one up to 108 bits, the self-initialising one (on every thread) above —
/// the curves going on only if the sieve gives up. Every method finds a right divisor, so the factors
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

    /// 8795019280393 × 8796091973671: 86 bits, the widest part the curves take alone.
    static let bits86: UInt128 = 77_361_798_500_546_561_522_532_703
    /// 8796093023209 × 8796093027221: 87 bits, the narrowest the sieve takes.
    static let bits87: UInt128 = 77_371_252_508_235_970_621_772_189
    /// 34941335878139 × 34941335878187: 90 bits.
    static let bits90: UInt128 = 1_220_896_952_950_600_906_380_253_993
    /// 35184372088891 × 35184372088907: 91 bits.
    static let bits91: UInt128 = 1_237_940_039_290_094_980_759_032_137
    /// 1125899906842597 × 2251799813685119: 101 bits.
    static let bits101: UInt128 = 2_535_301_200_456_252_763_310_454_214_043
    /// 288230376151711687 × 288230376151711717: 116 bits.
    static let bits116: UInt128 = 83_076_749_736_557_217_845_136_344_523_736_579
    /// 288230376151711717 × 576460752303423433: 117 bits.
    static let bits117: UInt128 = 166_153_499_473_114_452_695_864_881_998_464_461

    @Test func aPartOf86BitsIsSplitByTheCurvesAlone() {
        var methods = MethodsSpy(allCurvesFind: 8_795_019_280_393)
        #expect(methods.examine(Self.bits86) == .divisor(8_795_019_280_393))
        #expect(methods.calls == ["all curves \(Self.bits86)"])
    }

    /// Measured on products of two primes of equal size, one thread: at 90 bits the curves
    /// alone took 1.67 ms each, one level then the sieve 1.39 ms; at 120 bits one level then
    /// the sieve 9.5 ms, two levels 10.4 ms.
    @Test(arguments: [bits87, bits90, bits91, bits101, bits116, bits117])
    func aPartOf87To124BitsGetsOneCurveLevelThenTheSieve(part: UInt128) {
        var methods = MethodsSpy(sieveFinds: 12345)
        #expect(methods.examine(part) == .divisor(12345))
        #expect(methods.calls == ["curves \(part), 1 levels", "sieve \(part)"])
    }

    @Test func whatTheFirstCurveLevelFindsTheSieveIsNotAskedFor() {
        var methods = MethodsSpy(curvesFind: 288_230_376_151_711_717)
        #expect(methods.examine(Self.bits117) == .divisor(288_230_376_151_711_717))
        #expect(methods.calls == ["curves \(Self.bits117), 1 levels"])
    }

    @Test func whenTheSieveGivesUpTheCurvesGoOn() {
        var methods = MethodsSpy(allCurvesFind: 1_125_899_906_842_597)
        #expect(methods.examine(Self.bits101) == .divisor(1_125_899_906_842_597))
        #expect(
            methods.calls == [
                "curves \(Self.bits101), 1 levels", "sieve \(Self.bits101)",
                "all curves \(Self.bits101)",
            ])
    }

    /// The sieve for a part's size: the multiple-polynomial one up to 108 bits, where its
    /// simpler start costs less, the self-initialising one above (faster from 110 bits on one
    /// thread, and on every thread).
    @Test(arguments: [(91, false), (108, false), (109, true), (124, true), (128, true)])
    func partsPast108BitsGoToTheSelfInitialisingSieve(bits: Int, selfInitialising: Bool) {
        #expect(WideFactorization.selfInitialisingSieve(bits: bits) == selfInitialising)
    }

    /// 4611686018427388039 × 4611686018427388073 (125 bits), split by the self-initialising
    /// sieve on two threads, as `primeFactors` does.
    @Test func thePartsTheSelfInitialisingSieveTakesAreSplitByIt() {
        let part: UInt128 = 21_267_647_932_558_655_368_413_462_566_411_458_847
        let factors = WideFactorization.factors(of: part, options: FactoringOptions(threads: 2))
        #expect(factors == [4_611_686_018_427_388_039, 4_611_686_018_427_388_073])
    }

    /// The smallest prime above 2^100, on the sieve's side of the boundary.
    @Test func aPrimeIsKnownWithoutAnyMethod() {
        let prime: UInt128 = 1_267_650_600_228_229_401_496_703_205_653
        var methods = MethodsSpy()
        #expect(methods.examine(prime) == .prime)
        #expect(methods.calls.isEmpty)
    }

    /// The squares of the largest primes below 2^50 and 2^64 (100 and 128 bits: either side of
    /// the sieves' boundary), the cube of the largest below 2^34 (102 bits), the fifth power of the
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
