/// Lenstra's elliptic-curve method for 64-bit composites whose smallest factor is large: Suyama
/// curves in Montgomery form (x and z only), a Montgomery-ladder first stage to `B1` and a
/// baby-step giant-step second stage to `B2`, all in Montgomery arithmetic. On a product of two
/// 32-bit primes it needs a few thousand modular multiplications per curve and a handful of
/// curves, where Pollard's rho needs about 2^17 steps.
enum EllipticCurveMethod {
    static let firstStageBound = 125
    static let secondStageBound = 5_000

    fileprivate struct Point {
        var x: UInt64
        var z: UInt64
    }

    /// The work plan shared by every curve: the same plan the wide method makes for its levels
    /// (a giant step of 210 at these bounds).
    private static let plan = WideEllipticCurves.Plan(
        firstStage: firstStageBound, secondStage: secondStageBound)

    /// A non-trivial divisor of `n`, or nil when `curves` curves found none.
    /// - Precondition: `n` is odd, composite and has no factor below 7.
    static func divisor(of n: UInt64, curves: Int = 200) -> UInt64? {
        let arithmetic = MontgomeryModulus(n)
        for sigma in UInt64(6)..<UInt64(6 + curves) {
            if let divisor = attempt(arithmetic, sigma: sigma) { return divisor }
        }
        return nil
    }

    /// One curve (Suyama's sigma): a divisor of n, or nil when this curve finds none.
    static func attempt(_ m: MontgomeryModulus, sigma: UInt64) -> UInt64? {
        let n = m.modulus
        // Suyama's parametrisation: a curve with a point of known, smooth-friendly torsion.
        let s = m.enter(sigma)
        let u = m.subtract(m.multiply(s, s), m.enter(5))
        let v = m.add(m.add(s, s), m.add(s, s))
        let u3 = m.multiply(m.multiply(u, u), u)
        let v3 = m.multiply(m.multiply(v, v), v)
        let vMinusU = m.subtract(v, u)
        let numerator = m.multiply(
            m.multiply(m.multiply(vMinusU, vMinusU), vMinusU), m.add(m.add(m.add(u, u), u), v))
        let denominator = m.multiply(m.multiply(m.enter(16), u3), v)
        let plainDenominator = m.leave(denominator)
        guard let inverse = modularInverse(plainDenominator, n) else {
            let divisor = greatestCommonDivisor(plainDenominator, n)
            return divisor > 1 && divisor < n ? divisor : nil
        }
        let a24 = m.multiply(numerator, m.enter(inverse))
        var point = Point(x: u3, z: v3)

        for multiplier in plan.firstStageMultipliers {
            point = ladder(point, multiplier, a24, m)
        }
        let firstStage = greatestCommonDivisor(point.z, n)
        if firstStage == n { return nil }
        if firstStage > 1 { return firstStage }
        return secondStage(point, a24, m)
    }

    /// Catches a prime q in (B1, B2] with q·Q = O by comparing x(mD·Q) with x(j·Q), q = mD ± j.
    private static func secondStage(_ q: Point, _ a24: UInt64, _ m: MontgomeryModulus) -> UInt64? {
        let n = m.modulus
        let double = doubled(q, a24, m)
        var baby: [Point] = []
        baby.reserveCapacity(plan.babySteps.count)
        var previous = q  // (j − 2)·Q
        var current = q  // j·Q
        var j = 1
        while baby.count < plan.babySteps.count {
            if plan.babySteps[baby.count] == j { baby.append(current) }
            let next =
                j == 1
                ? double.adding(q, difference: q, m)
                : current.adding(double, difference: previous, m)
            previous = current
            current = next
            j += 2
        }
        let giant = ladder(q, UInt64(plan.giantStep), a24, m)
        var before = giant
        var at = doubled(giant, a24, m)
        var accumulated = m.one
        // m = 1 is `giant`, m = 2 is its double, then each step adds `giant` once.
        for step in 1..<plan.pairs.count {
            let point: Point
            switch step {
            case 1: point = giant
            case 2: point = at
            default:
                let next = at.adding(giant, difference: before, m)
                before = at
                at = next
                point = at
            }
            for position in plan.pairs[step] {
                let b = baby[position]
                accumulated = m.multiply(
                    accumulated, m.subtract(m.multiply(point.x, b.z), m.multiply(b.x, point.z)))
            }
        }
        let divisor = greatestCommonDivisor(accumulated, n)
        return divisor > 1 && divisor < n ? divisor : nil
    }

    private static func doubled(_ p: Point, _ a24: UInt64, _ m: MontgomeryModulus) -> Point {
        let sum = m.add(p.x, p.z)
        let difference = m.subtract(p.x, p.z)
        let sumSquared = m.multiply(sum, sum)
        let differenceSquared = m.multiply(difference, difference)
        let fourXZ = m.subtract(sumSquared, differenceSquared)
        return Point(
            x: m.multiply(sumSquared, differenceSquared),
            z: m.multiply(fourXZ, m.add(differenceSquared, m.multiply(a24, fourXZ))))
    }

    /// k·P by the Montgomery ladder.
    private static func ladder(_ p: Point, _ k: UInt64, _ a24: UInt64, _ m: MontgomeryModulus)
        -> Point
    {
        if k == 1 { return p }
        var low = p
        var high = doubled(p, a24, m)
        var bit = UInt64.bitWidth - k.leadingZeroBitCount - 2
        while bit >= 0 {
            if (k >> UInt64(bit)) & 1 == 1 {
                low = high.adding(low, difference: p, m)
                high = doubled(high, a24, m)
            } else {
                high = low.adding(high, difference: p, m)
                low = doubled(low, a24, m)
            }
            bit -= 1
        }
        return low
    }

    /// `a⁻¹ mod n`, or nil when `a` and `n` share a factor.
    static func modularInverse(_ a: UInt64, _ n: UInt64) -> UInt64? {
        var (oldRemainder, remainder) = (n, a % n)
        var (oldCoefficient, coefficient): (UInt64, UInt64) = (0, 1)
        while remainder != 0 {
            let quotient = oldRemainder / remainder
            (oldRemainder, remainder) = (remainder, oldRemainder - quotient * remainder)
            let product = n.dividingFullWidth(quotient.multipliedFullWidth(by: coefficient))
                .remainder
            let next =
                oldCoefficient >= product
                ? oldCoefficient - product : oldCoefficient &+ (n &- product)
            (oldCoefficient, coefficient) = (coefficient, next)
        }
        return oldRemainder == 1 ? oldCoefficient : nil
    }

    private static func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
        PollardBrentRho.greatestCommonDivisor(a, b)
    }
}

extension EllipticCurveMethod.Point {
    /// P + Q from P, Q and P − Q (x and z only).
    fileprivate func adding(_ q: Self, difference: Self, _ m: MontgomeryModulus) -> Self {
        let a = m.multiply(m.subtract(x, z), m.add(q.x, q.z))
        let b = m.multiply(m.add(x, z), m.subtract(q.x, q.z))
        let sum = m.add(a, b)
        let difference2 = m.subtract(a, b)
        return Self(
            x: m.multiply(difference.z, m.multiply(sum, sum)),
            z: m.multiply(difference.x, m.multiply(difference2, difference2)))
    }
}
