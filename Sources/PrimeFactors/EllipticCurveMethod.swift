/// Lenstra's elliptic-curve method for 64-bit composites whose smallest factor is large: the
/// curves of `WideEllipticCurves` (Suyama's, in Montgomery form, x and z only; a ladder first
/// stage to `B1`, a baby-step giant-step second stage to `B2`) run on `MontgomeryModulus`, with
/// the bounds and the first cheap curve chosen for 64 bits. On a product of two 32-bit primes
/// it needs about 4,250 modular multiplications per curve and five curves on average, where
/// Pollard's rho needs about 2^17 steps.
enum EllipticCurveMethod {
    /// Measured on products of two 32-bit primes (`scripts/bench-factor`'s semiprimes): 180 and
    /// 12,000 take about 30% less time than 125 and 5,000, which need twice the curves.
    static let firstStageBound = 180
    static let secondStageBound = 12_000

    /// The work plan shared by every curve but the first (a giant step of 210 at these bounds).
    static let plan = WideEllipticCurves.Plan(
        firstStage: firstStageBound, secondStage: secondStageBound)

    /// The first curve's plan, to 60 and 3,000: most composites left of a random 64-bit number
    /// have a factor of 12 to 20 bits, which such a curve, at a third of a full one's cost, finds
    /// nearly always below 16 bits and more often than not above (random 64-bit numbers 10%
    /// faster than with full curves only, products of two 32-bit primes no slower).
    static let quickPlan = WideEllipticCurves.Plan(firstStage: 60, secondStage: 3_000)

    /// A non-trivial divisor of `n`, or nil when `curves` curves found none. After the first
    /// cheap curve, and before the full ones, Pollard's p − 1 (`PollardPMinusOne`): for about
    /// one curve's work it splits a third of the products of two 32-bit primes.
    /// - Precondition: `n` is odd, composite and has no factor below 7.
    static func divisor(of n: UInt64, curves: Int = 200) -> UInt64? {
        let arithmetic = MontgomeryModulus(n)
        if let divisor = attempt(arithmetic, sigma: 6, plan: quickPlan) { return divisor }
        if let divisor = PollardPMinusOne.divisor(of: n) { return divisor }
        for sigma in UInt64(7)..<UInt64(6 + curves) {
            if let divisor = attempt(arithmetic, sigma: sigma) { return divisor }
        }
        return nil
    }

    /// One curve (Suyama's sigma): a divisor of n, or nil when this curve finds none.
    static func attempt(
        _ m: MontgomeryModulus, sigma: UInt64, plan: WideEllipticCurves.Plan = plan
    ) -> UInt64? {
        WideEllipticCurves.attempt(m, sigma: Int(sigma), plan: plan)
    }
}
