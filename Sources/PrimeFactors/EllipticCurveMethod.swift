/// Lenstra's elliptic-curve method for 64-bit composites whose smallest factor is large: Suyama
/// curves in Montgomery form (x and z only), a Montgomery-ladder first stage to `B1` and a
/// baby-step giant-step second stage to `B2`, all in Montgomery arithmetic. On a product of two
/// 32-bit primes it needs about 4,500 modular multiplications per curve and five curves on
/// average, where Pollard's rho needs about 2^17 steps.
enum EllipticCurveMethod {
    /// Measured on products of two 32-bit primes (`scripts/bench-factor`'s semiprimes): 180 and
    /// 12,000 take about 30% less time than 125 and 5,000, which need twice the curves.
    static let firstStageBound = 180
    static let secondStageBound = 12_000

    struct Point {
        var x: UInt64
        var z: UInt64
    }

    /// The work plan shared by every curve but the first: the same plan the wide method makes
    /// for its levels (a giant step of 210 at these bounds).
    static let plan = WideEllipticCurves.Plan(
        firstStage: firstStageBound, secondStage: secondStageBound)

    /// The first curve's plan, to 60 and 3,000: most composites left of a random 64-bit number
    /// have a factor of 12 to 20 bits, which such a curve, at a third of a full one's cost, finds
    /// nearly always below 16 bits and more often than not above (random 64-bit numbers 10%
    /// faster than with full curves only, products of two 32-bit primes no slower).
    static let quickPlan = WideEllipticCurves.Plan(firstStage: 60, secondStage: 3_000)

    /// A non-trivial divisor of `n`, or nil when `curves` curves found none.
    /// - Precondition: `n` is odd, composite and has no factor below 7.
    static func divisor(of n: UInt64, curves: Int = 200) -> UInt64? {
        let arithmetic = MontgomeryModulus(n)
        if let divisor = attempt(arithmetic, sigma: 6, plan: quickPlan) { return divisor }
        for sigma in UInt64(7)..<UInt64(6 + curves) {
            if let divisor = attempt(arithmetic, sigma: sigma) { return divisor }
        }
        return nil
    }

    /// One curve (Suyama's sigma): a divisor of n, or nil when this curve finds none.
    static func attempt(
        _ m: MontgomeryModulus, sigma: UInt64, plan: WideEllipticCurves.Plan = plan
    ) -> UInt64? {
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
        return secondStage(point, a24, m, plan)
    }

    /// Catches a prime q in (B1, B2] with q·Q = O by comparing x(mD·Q) with x(j·Q), q = mD ± j.
    /// Every baby and giant point is brought to z = 1 with one inversion (Montgomery's trick),
    /// so that each pair costs one multiplication, spread over four independent products.
    private static func secondStage(
        _ q: Point, _ a24: UInt64, _ m: MontgomeryModulus, _ plan: WideEllipticCurves.Plan
    ) -> UInt64? {
        let n = m.modulus
        let babyCount = plan.babySteps.count
        let giantCount = plan.pairs.count - 1
        // Baby points j·Q first, then the giant points m·D·Q for m = 1…giantCount.
        var points: [Point] = []
        points.reserveCapacity(babyCount + giantCount)
        let double = doubled(q, a24, m)
        var previous = q  // (j − 2)·Q
        var current = q  // j·Q
        var j = 1
        while points.count < babyCount {
            if plan.babySteps[points.count] == j { points.append(current) }
            let next =
                j == 1
                ? double.adding(q, difference: q, m)
                : current.adding(double, difference: previous, m)
            previous = current
            current = next
            j += 2
        }
        let giant = ladder(q, UInt64(plan.giantStep), a24, m)
        points.append(giant)
        if giantCount > 1 {
            var before = giant
            var at = doubled(giant, a24, m)
            points.append(at)
            for _ in 2..<giantCount {
                let next = at.adding(giant, difference: before, m)
                before = at
                at = next
                points.append(at)
            }
        }
        guard let x = normalized(points, m) else {
            let product = m.leave(points.reduce(m.one) { m.multiply($0, $1.z) })
            let divisor = greatestCommonDivisor(product, n)
            return divisor > 1 && divisor < n ? divisor : nil
        }
        var products = (m.one, m.one, m.one, m.one)
        for step in 1...giantCount {
            let giantX = x[babyCount + step - 1]
            let positions = plan.pairs[step]
            var index = 0
            while index + 3 < positions.count {
                products.0 = m.multiply(products.0, m.subtract(giantX, x[positions[index]]))
                products.1 = m.multiply(products.1, m.subtract(giantX, x[positions[index + 1]]))
                products.2 = m.multiply(products.2, m.subtract(giantX, x[positions[index + 2]]))
                products.3 = m.multiply(products.3, m.subtract(giantX, x[positions[index + 3]]))
                index += 4
            }
            while index < positions.count {
                products.0 = m.multiply(products.0, m.subtract(giantX, x[positions[index]]))
                index += 1
            }
        }
        let accumulated = m.multiply(
            m.multiply(products.0, products.1), m.multiply(products.2, products.3))
        let divisor = greatestCommonDivisor(accumulated, n)
        return divisor > 1 && divisor < n ? divisor : nil
    }

    /// x/z of every point (in Montgomery form) with a single inversion: nil when the product of
    /// the z values shares a factor with n.
    static func normalized(_ points: [Point], _ m: MontgomeryModulus) -> [UInt64]? {
        // prefix[i] = z₀·…·zᵢ₋₁; then walking back, 1/zᵢ = prefix[i] · 1/(z₀·…·zᵢ).
        var prefix = [UInt64](repeating: 0, count: points.count)
        var running = m.one
        for (index, point) in points.enumerated() {
            prefix[index] = running
            running = m.multiply(running, point.z)
        }
        guard let inverse = modularInverse(m.leave(running), m.modulus) else { return nil }
        var inverseRunning = m.enter(inverse)
        var x = [UInt64](repeating: 0, count: points.count)
        for index in points.indices.reversed() {
            x[index] = m.multiply(points[index].x, m.multiply(inverseRunning, prefix[index]))
            inverseRunning = m.multiply(inverseRunning, points[index].z)
        }
        return x
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
    func adding(_ q: Self, difference: Self, _ m: MontgomeryModulus) -> Self {
        let a = m.multiply(m.subtract(x, z), m.add(q.x, q.z))
        let b = m.multiply(m.add(x, z), m.subtract(q.x, q.z))
        let sum = m.add(a, b)
        let difference2 = m.subtract(a, b)
        return Self(
            x: m.multiply(difference.z, m.multiply(sum, sum)),
            z: m.multiply(difference.x, m.multiply(difference2, difference2)))
    }
}
