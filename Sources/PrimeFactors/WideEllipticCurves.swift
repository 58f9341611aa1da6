import Dispatch

/// Lenstra's elliptic-curve method on any `ModularArithmetic` (64-bit through
/// `EllipticCurveMethod`, 128-bit, any width): Suyama curves in Montgomery form, x and z only; a
/// Montgomery-ladder first stage and a baby-step giant-step second stage. For numbers wider
/// than 64 bits, bounds grow with the curves tried: each level suits factors a few digits
/// larger than the one before, so small factors come out quickly and large ones are still
/// found.
enum WideEllipticCurves {
    /// Bounds and how many curves to try with them, from factors of about 40 bits to about 85.
    static let levels: [(firstStage: Int, secondStage: Int, curves: Int)] = [
        (150, 7_500, 10), (500, 25_000, 20), (2_000, 150_000, 30), (11_000, 1_100_000, 80),
        (50_000, 5_000_000, 250),
    ]

    struct Point<Residue> {
        var x: Residue
        var z: Residue
    }

    /// What every curve at one level shares: the first stage's multiplier, the baby steps and
    /// which of them each giant step pairs with.
    final class Plan: @unchecked Sendable {
        /// The least common multiple of 1 … B1 (every prime power up to B1), in little-endian
        /// words: the first stage is one ladder over it.
        let firstStageScalar: [UInt64]
        let giantStep: Int
        let babySteps: [Int]
        let pairs: [[Int]]

        init(firstStage: Int, secondStage: Int) {
            giantStep = secondStage > 100_000 ? 2_310 : 210
            let limit = secondStage + giantStep
            var isComposite = [Bool](repeating: false, count: limit + 1)
            var primes: [Int] = []
            for candidate in 2...limit where !isComposite[candidate] {
                primes.append(candidate)
                if candidate <= limit / candidate {
                    for multiple in stride(
                        from: candidate * candidate, through: limit, by: candidate)
                    {
                        isComposite[multiple] = true
                    }
                }
            }
            var scalar: [UInt64] = [1]
            for prime in primes where prime <= firstStage {
                var power = UInt64(prime)
                while power * UInt64(prime) <= UInt64(firstStage) { power *= UInt64(prime) }
                var carry: UInt64 = 0
                for index in scalar.indices {
                    let product = scalar[index].multipliedFullWidth(by: power)
                    let (low, overflow) = product.low.addingReportingOverflow(carry)
                    scalar[index] = low
                    carry = product.high + (overflow ? 1 : 0)
                }
                if carry != 0 { scalar.append(carry) }
            }
            firstStageScalar = scalar
            let giantStep = giantStep
            let steps = stride(from: 1, to: giantStep / 2, by: 2).filter {
                WideNumbers.greatestCommonDivisor(UInt($0), UInt(giantStep)) == 1
            }
            babySteps = steps
            // The second stage makes D·Q as 2·(D/2)·Q from the baby points at D/2 − 2 and D/2 − 4
            // (true of 210 and 2,310: 101, 103, 1,151 and 1,153 are primes).
            let lastTwo: [Int] = [giantStep / 2 - 4, giantStep / 2 - 2]
            precondition(
                Array(steps.suffix(2)) == lastTwo, "the last two baby steps are D/2 − 4 and D/2 − 2"
            )
            let index = Dictionary(uniqueKeysWithValues: steps.enumerated().map { ($1, $0) })
            var pairs = [[Int]](repeating: [], count: secondStage / giantStep + 2)
            for prime in primes where prime > firstStage && prime <= secondStage {
                let m = (prime + giantStep / 2) / giantStep
                let j = abs(prime - m * giantStep)
                if let position = index[j] { pairs[m].append(position) }
            }
            self.pairs = pairs.map { Array(Set($0)).sorted() }
        }
    }

    /// Each level's plan, made when a curve first needs it (the last sieves to 5,000,000).
    private static let plan0 = plan(level: 0)
    private static let plan1 = plan(level: 1)
    private static let plan2 = plan(level: 2)
    private static let plan3 = plan(level: 3)
    private static let plan4 = plan(level: 4)

    private static func plan(level: Int) -> Plan {
        Plan(firstStage: levels[level].firstStage, secondStage: levels[level].secondStage)
    }

    /// The plan of a level, made once (lazily, on first use) and shared by its curves.
    static func plan(at level: Int) -> Plan {
        switch level {
        case 0: plan0
        case 1: plan1
        case 2: plan2
        case 3: plan3
        default: plan4
        }
    }

    /// A non-trivial divisor of the modulus (odd, composite, no factor below 64), trying the
    /// levels in turn and then the last level's curves for as long as it takes.
    static func divisor<Arithmetic: ModularArithmetic>(_ m: Arithmetic) -> Arithmetic.Number {
        divisor(m) { attempt($0, sigma: $1, plan: $2) }
    }

    /// `divisor(_:)` with the curve given, so that a test can see which curves are tried, in
    /// which order and with which plan. Inlined: the plain call still calls `attempt` directly.
    @inline(__always)
    static func divisor<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, attempt: (Arithmetic, Int, Plan) -> Arithmetic.Number?
    ) -> Arithmetic.Number {
        if let divisor = divisor(m, levels: levels.count, attempt: attempt) { return divisor }
        var sigma = firstSigma + levels.reduce(0) { $0 + $1.curves }
        while true {
            if let divisor = attempt(m, sigma, plan(at: levels.count - 1)) { return divisor }
            sigma += 1
        }
    }

    /// The first curve's sigma; each curve after it takes the next.
    private static let firstSigma = 6

    /// A non-trivial divisor found by the curves of the first `count` levels, each level's in
    /// turn, or nil: the search `divisor(_:)` begins with, for callers with another method to
    /// turn to after it.
    static func divisor<Arithmetic: ModularArithmetic>(_ m: Arithmetic, levels count: Int)
        -> Arithmetic.Number?
    {
        divisor(m, levels: count) { attempt($0, sigma: $1, plan: $2) }
    }

    /// `divisor(_:levels:)` on `threads` threads: each level's curves shared out among them
    /// (each takes the next sigma not yet tried), every curve of a level tried before the
    /// next level's unless one finds a divisor, which is then returned.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func divisor<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, levels count: Int, threads: Int
    ) -> Arithmetic.Number? {
        guard threads > 1 else { return divisor(m, levels: count) }
        // Read by every thread, changed by none.
        nonisolated(unsafe) let m = m
        var sigma = firstSigma
        for (index, level) in levels.prefix(count).enumerated() {
            let plan = plan(at: index)
            let search = CurveSearch<Arithmetic.Number>()
            let first = sigma
            DispatchQueue.concurrentPerform(iterations: min(threads, level.curves)) { _ in
                while !search.isOver {
                    let curve = search.nextCurve()
                    guard curve < level.curves else { return }
                    if let divisor = attempt(m, sigma: first + curve, plan: plan) {
                        search.found(divisor)
                    }
                }
            }
            if let divisor = search.divisor { return divisor }
            sigma += level.curves
        }
        return nil
    }

    /// `divisor(_:levels:)` with the curve given, as `divisor(_:attempt:)`.
    @inline(__always)
    static func divisor<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, levels count: Int, attempt: (Arithmetic, Int, Plan) -> Arithmetic.Number?
    ) -> Arithmetic.Number? {
        var sigma = firstSigma
        for (index, level) in levels.prefix(count).enumerated() {
            for _ in 0..<level.curves {
                if let divisor = attempt(m, sigma, plan(at: index)) { return divisor }
                sigma += 1
            }
        }
        return nil
    }

    /// One curve: a divisor, or nil when it found none.
    static func attempt<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, sigma: Int, plan: Plan
    ) -> Arithmetic.Number? {
        let n = m.modulus
        let s = m.residue(small: sigma)
        let u = m.subtract(m.square(s), m.residue(small: 5))
        let v = m.add(m.add(s, s), m.add(s, s))
        let u3 = m.multiply(m.square(u), u)
        let v3 = m.multiply(m.square(v), v)
        let vMinusU = m.subtract(v, u)
        let numerator = m.multiply(
            m.multiply(m.square(vMinusU), vMinusU), m.add(m.add(m.add(u, u), u), v))
        let denominator = m.multiply(m.multiply(m.residue(small: 16), u3), v)
        // One inversion gives both (A + 2)/4 = numerator/denominator and the starting point's
        // x = u³/v³ with z = 1, which saves the first stage a multiplication a step.
        let plainProduct = m.value(m.multiply(denominator, v3))
        guard let inverse = WideNumbers.inverse(plainProduct, modulo: n) else {
            let divisor = WideNumbers.greatestCommonDivisor(plainProduct, n)
            return divisor > 1 && divisor < n ? divisor : nil
        }
        let inverseResidue = m.residue(inverse)
        let a24 = m.multiply(m.multiply(numerator, v3), inverseResidue)
        let x = m.multiply(m.multiply(u3, denominator), inverseResidue)
        let point = ladder(Point(x: x, z: m.one), plan.firstStageScalar, a24, m)
        let firstStage = m.commonDivisor(point.z)
        if firstStage == n { return nil }
        if firstStage > 1 { return firstStage }
        return secondStage(point, a24, m, plan)
    }

    /// Catches a prime q in (B1, B2] with q·Q = O by comparing x(mD·Q) with x(j·Q), q = mD ± j.
    /// Every point is brought to z = 1 with one inversion (Montgomery's trick), so that each
    /// pair costs one multiplication, spread over four independent products.
    private static func secondStage<Arithmetic: ModularArithmetic>(
        _ q: Point<Arithmetic.Residue>, _ a24: Arithmetic.Residue, _ m: Arithmetic, _ plan: Plan
    ) -> Arithmetic.Number? {
        let n = m.modulus
        let babyCount = plan.babySteps.count
        let giantCount = plan.pairs.count - 1
        // Baby points j·Q first, then the giant points m·D·Q for m = 1…giantCount.
        var points: [Point<Arithmetic.Residue>] = []
        points.reserveCapacity(babyCount + giantCount)
        // The baby steps are prime to 6, so 1 or 5 modulo 6: two chains in steps of 6·Q, from
        // Q and from 5·Q, reach them with two additions where every odd j would take three.
        let double = doubled(q, a24, m)
        let triple = adding(double, q, difference: q, m)
        let sextuple = doubled(triple, a24, m)
        var one = (j: 1, at: q, before: adding(triple, double, difference: q, m))
        var five = (j: 5, at: one.before, before: q)
        // The two chains step alike, written out twice: one function over an `inout` chain
        // measured about 1% slower on 64-bit products.
        while points.count < babyCount {
            let j = plan.babySteps[points.count]
            if j % 6 == 1 {
                while one.j < j {
                    (one.before, one.at) = (
                        one.at, adding(one.at, sextuple, difference: one.before, m)
                    )
                    one.j += 6
                }
                points.append(one.at)
            } else {
                while five.j < j {
                    (five.before, five.at) = (
                        five.at, adding(five.at, sextuple, difference: five.before, m)
                    )
                    five.j += 6
                }
                points.append(five.at)
            }
        }
        // D·Q as 2·(D/2)·Q: the chains end at D/2 − 2 and D/2 − 4 (the plan's last baby steps),
        // so one addition and one doubling instead of a ladder.
        let giant = doubled(adding(one.at, double, difference: five.at, m), a24, m)
        points.append(giant)
        if giantCount > 1 {
            var before = giant
            var at = doubled(giant, a24, m)
            points.append(at)
            for _ in 2..<giantCount {
                let next = adding(at, giant, difference: before, m)
                before = at
                at = next
                points.append(at)
            }
        }
        guard let x = normalized(points, m) else {
            let divisor = m.commonDivisor(points.reduce(m.one) { m.multiply($0, $1.z) })
            return divisor > 1 && divisor < n ? divisor : nil
        }
        var products = (m.one, m.one, m.one, m.one)
        x.withUnsafeBufferPointer { x in
            for step in 1...giantCount {
                multiplyPairs(x[babyCount + step - 1], x, plan.pairs[step], &products, m)
            }
        }
        let divisor = m.commonDivisor(
            m.multiply(m.multiply(products.0, products.1), m.multiply(products.2, products.3)))
        return divisor > 1 && divisor < n ? divisor : nil
    }

    /// The second stage's running products, each multiplied by giant − baby for a quarter of
    /// the giant step's pairs (`positions` into `babies`): four independent chains, so that no
    /// multiplication waits for the one before. Shared with `PollardPMinusOne`.
    @inline(__always)
    static func multiplyPairs<Arithmetic: ModularArithmetic>(
        _ giant: Arithmetic.Residue, _ babies: UnsafeBufferPointer<Arithmetic.Residue>,
        _ positions: [Int],
        _ products:
            inout (
                Arithmetic.Residue, Arithmetic.Residue, Arithmetic.Residue, Arithmetic.Residue
            ),
        _ m: Arithmetic
    ) {
        positions.withUnsafeBufferPointer { positions in
            var index = 0
            while index + 3 < positions.count {
                products.0 = m.multiply(products.0, m.subtract(giant, babies[positions[index]]))
                products.1 = m.multiply(products.1, m.subtract(giant, babies[positions[index + 1]]))
                products.2 = m.multiply(products.2, m.subtract(giant, babies[positions[index + 2]]))
                products.3 = m.multiply(products.3, m.subtract(giant, babies[positions[index + 3]]))
                index += 4
            }
            while index < positions.count {
                products.0 = m.multiply(products.0, m.subtract(giant, babies[positions[index]]))
                index += 1
            }
        }
    }

    /// x/z of every point with a single inversion (Montgomery's trick): nil when the product of
    /// the z values shares a factor with the modulus.
    static func normalized<Arithmetic: ModularArithmetic>(
        _ points: [Point<Arithmetic.Residue>], _ m: Arithmetic
    ) -> [Arithmetic.Residue]? {
        // prefix[i] = z₀·…·zᵢ₋₁; then walking back, 1/zᵢ = prefix[i] · 1/(z₀·…·zᵢ).
        var prefix: [Arithmetic.Residue] = []
        prefix.reserveCapacity(points.count)
        var running = m.one
        for point in points {
            prefix.append(running)
            running = m.multiply(running, point.z)
        }
        guard let inverse = WideNumbers.inverse(m.value(running), modulo: m.modulus) else {
            return nil
        }
        var inverseRunning = m.residue(inverse)
        var x = prefix
        for index in points.indices.reversed() {
            x[index] = m.multiply(points[index].x, m.multiply(inverseRunning, prefix[index]))
            inverseRunning = m.multiply(inverseRunning, points[index].z)
        }
        return x
    }

    @inline(__always)
    private static func doubled<Arithmetic: ModularArithmetic>(
        _ p: Point<Arithmetic.Residue>, _ a24: Arithmetic.Residue, _ m: Arithmetic
    ) -> Point<Arithmetic.Residue> {
        let sum = m.add(p.x, p.z)
        let difference = m.subtract(p.x, p.z)
        let sumSquared = m.square(sum)
        let differenceSquared = m.square(difference)
        let fourXZ = m.subtract(sumSquared, differenceSquared)
        return Point(
            x: m.multiply(sumSquared, differenceSquared),
            z: m.multiply(fourXZ, m.add(differenceSquared, m.multiply(a24, fourXZ))))
    }

    /// P + Q from P, Q and P − Q (x and z only); one multiplication fewer when P − Q has
    /// z = 1 (`differenceIsNormalized`).
    @inline(__always)
    private static func adding<Arithmetic: ModularArithmetic>(
        _ p: Point<Arithmetic.Residue>, _ q: Point<Arithmetic.Residue>,
        difference: Point<Arithmetic.Residue>, _ m: Arithmetic,
        differenceIsNormalized: Bool = false
    ) -> Point<Arithmetic.Residue> {
        let a = m.multiply(m.subtract(p.x, p.z), m.add(q.x, q.z))
        let b = m.multiply(m.add(p.x, p.z), m.subtract(q.x, q.z))
        let sumSquared = m.square(m.add(a, b))
        return Point(
            x: differenceIsNormalized ? sumSquared : m.multiply(difference.z, sumSquared),
            z: m.multiply(difference.x, m.square(m.subtract(a, b))))
    }

    /// k·P by the Montgomery ladder, k in little-endian words (the top one not zero), for a P
    /// with z = 1: each step adds P, and its z saves a multiplication a step.
    private static func ladder<Arithmetic: ModularArithmetic>(
        _ p: Point<Arithmetic.Residue>, _ k: [UInt64], _ a24: Arithmetic.Residue, _ m: Arithmetic
    ) -> Point<Arithmetic.Residue> {
        var low = p
        var high = doubled(p, a24, m)
        var bit = UInt64.bitWidth - k[k.count - 1].leadingZeroBitCount - 2
        for word in k.reversed() {
            while bit >= 0 {
                if (word >> UInt64(bit)) & 1 == 1 {
                    low = adding(high, low, difference: p, m, differenceIsNormalized: true)
                    high = doubled(high, a24, m)
                } else {
                    high = adding(low, high, difference: p, m, differenceIsNormalized: true)
                    low = doubled(low, a24, m)
                }
                bit -= 1
            }
            bit = UInt64.bitWidth - 1
        }
        return low
    }
}
