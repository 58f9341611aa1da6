import Testing

@testable import PrimeFactors

/// Which method splits a 64-bit part, by its size: a square by its root, a part of 2^40 or more
/// by the elliptic-curve method (rho when the curves find nothing), a smaller one by rho, which
/// is faster there. Every method finds a right divisor, so the factors alone never show a part
/// sent the wrong way: the methods are replaced by stubs that record being asked.
@Suite("Splitting a 64-bit part: the method for its size")
struct SplitTests {
    /// The methods `split` was given, answering with fixed divisors and recording each call.
    struct MethodsSpy {
        var calls: [String] = []
        let curvesFind: UInt64?
        let rhoFinds: UInt64

        mutating func split(_ composite: UInt64) -> UInt64 {
            PrimeFactors.split(
                composite,
                ellipticCurves: {
                    calls.append("curves \($0)")
                    return curvesFind
                },
                rho: {
                    calls.append("rho \($0)")
                    return rhoFinds
                })
        }
    }

    /// 19739 × 55702499, the largest odd composite below 2^40 with no factor below 2048.
    @Test func theLargestPartBelow2To40IsSplitByRhoAlone() {
        var methods = MethodsSpy(curvesFind: 55_702_499, rhoFinds: 19739)
        #expect(methods.split(1_099_511_627_761) == 19739)
        #expect(methods.calls == ["rho 1099511627761"])
    }

    /// 33521 × 32800681, the smallest odd composite above 2^40 with no factor below 2048.
    @Test func theSmallestPartAbove2To40IsSplitByTheCurves() {
        var methods = MethodsSpy(curvesFind: 32_800_681, rhoFinds: 33521)
        #expect(methods.split(1_099_511_627_801) == 32_800_681)
        #expect(methods.calls == ["curves 1099511627801"])
    }

    @Test func whenTheCurvesFindNothingRhoSplits() {
        var methods = MethodsSpy(curvesFind: nil, rhoFinds: 33521)
        #expect(methods.split(1_099_511_627_801) == 33521)
        #expect(methods.calls == ["curves 1099511627801", "rho 1099511627801"])
    }

    /// The squares of the smallest prime above the trial-division bound and of the largest
    /// prime below 2^32: either side of 2^40.
    @Test(arguments: [2053 as UInt64, 4_294_967_291])
    func aSquareIsSplitByItsRootAlone(prime: UInt64) {
        var methods = MethodsSpy(curvesFind: 1, rhoFinds: 1)
        #expect(methods.split(prime * prime) == prime)
        #expect(methods.calls.isEmpty)
    }
}
