import Testing

@testable import PrimeFactors

/// Which curves the wide elliptic-curve method tries, in which order and with which plan, seen
/// through a curve that records being asked: each level's curves with its own plan, sigma 6
/// upward with no curve twice, and past the levels the last level's plan for as long as it
/// takes. A level skipped, a curve tried twice or the search going on after a divisor still
/// splits every number, later; only the order shows it.
@Suite("The order of the wide curves")
struct WideCurveOrderTests {
    /// A curve that finds a divisor from its `succeedingFrom`th call on, recording each call's
    /// sigma and plan.
    final class CurveSpy {
        let succeedingFrom: Int
        var calls: [(sigma: Int, plan: WideEllipticCurves.Plan)] = []

        init(succeedingFrom: Int) { self.succeedingFrom = succeedingFrom }

        func attempt(_ m: Montgomery128, sigma: Int, plan: WideEllipticCurves.Plan) -> UInt128? {
            calls.append((sigma, plan))
            return calls.count >= succeedingFrom ? 3 : nil
        }
    }

    static let m = Montgomery128((UInt128(1) << 100) + 277)

    /// The plan each call should have used: the levels' counts in turn, then the last level's.
    static func expectedPlans(calls: Int) -> [WideEllipticCurves.Plan] {
        let levels = WideEllipticCurves.levels.indices.flatMap { level in
            Array(
                repeating: WideEllipticCurves.plan(at: level),
                count: WideEllipticCurves.levels[level].curves)
        }
        let last = WideEllipticCurves.plan(at: WideEllipticCurves.levels.count - 1)
        return Array(
            (levels + Array(repeating: last, count: max(0, calls - levels.count)))
                .prefix(calls))
    }

    @Test(arguments: [1, 2, 10, 11, 30, 31, 60, 61, 140, 141, 390, 391, 395])
    func triesEachLevelsCurvesInTurnThenTheLastLevelsUntilOneSplits(succeedingFrom: Int) {
        let spy = CurveSpy(succeedingFrom: succeedingFrom)
        let divisor = WideEllipticCurves.divisor(Self.m) {
            spy.attempt($0, sigma: $1, plan: $2)
        }
        #expect(divisor == 3)
        #expect(spy.calls.map(\.sigma) == Array(6..<(6 + succeedingFrom)))
        let expected = Self.expectedPlans(calls: succeedingFrom)
        #expect(spy.calls.count == expected.count)
        for (index, (call, plan)) in zip(spy.calls, expected).enumerated() {
            #expect(call.plan === plan, "curve \(index + 1)")
        }
    }

    /// The first levels alone (the search a caller with another method begins with): their
    /// curves and no more, then nil.
    @Test(arguments: [0, 1, 2, 3])
    func theFirstLevelsAloneTryTheirCurvesThenGiveUp(count: Int) {
        let spy = CurveSpy(succeedingFrom: .max)
        #expect(
            WideEllipticCurves.divisor(Self.m, levels: count) {
                spy.attempt($0, sigma: $1, plan: $2)
            } == nil)
        let curves = WideEllipticCurves.levels.prefix(count).reduce(0) { $0 + $1.curves }
        #expect(spy.calls.map(\.sigma) == Array(6..<(6 + curves)))
        #expect(
            spy.calls.map { ObjectIdentifier($0.plan) }
                == Self.expectedPlans(calls: curves).map(ObjectIdentifier.init))
    }
}
