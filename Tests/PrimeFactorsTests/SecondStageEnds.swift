import Testing

@testable import PrimeFactors

/// What the tests of both ends of the elliptic-curve second stage (64-bit and wide) check, on
/// either arithmetic: the curve finds nothing with its first stage alone, finds p or q with its
/// whole plan, and its prime lies where the search found it — caught by the first giant step
/// (a second stage to 313 finds it), or by the last alone (a second stage stopping where the last
/// giant step's primes begin misses it).
enum SecondStageEnds {
    static func expectCaught<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, p: Arithmetic.Number, q: Arithmetic.Number, sigma: Int,
        plan: WideEllipticCurves.Plan, firstStage b1: Int, lastGiantStepFrom: Int, atTheEnd: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let firstStageOnly = WideEllipticCurves.Plan(firstStage: b1, secondStage: b1)
        #expect(
            WideEllipticCurves.attempt(m, sigma: sigma, plan: firstStageOnly) == nil,
            sourceLocation: sourceLocation)
        let divisor = WideEllipticCurves.attempt(m, sigma: sigma, plan: plan)
        #expect(divisor == p || divisor == q, sourceLocation: sourceLocation)
        if atTheEnd {
            let allButTheLast = WideEllipticCurves.Plan(
                firstStage: b1, secondStage: lastGiantStepFrom)
            #expect(
                WideEllipticCurves.attempt(m, sigma: sigma, plan: allButTheLast) == nil,
                sourceLocation: sourceLocation)
        } else {
            let firstGiantStep = WideEllipticCurves.Plan(firstStage: b1, secondStage: 313)
            #expect(
                WideEllipticCurves.attempt(m, sigma: sigma, plan: firstGiantStep) != nil,
                sourceLocation: sourceLocation)
        }
    }
}
