/// Pollard's p − 1 method for 64-bit composites: 2^E mod n, where E is the least common
/// multiple of 1 … B1, is 1 modulo every prime p of n whose p − 1 divides E; a second stage
/// catches a p − 1 with one prime r in (B1, B2] beyond that. It finds what it finds whatever the
/// size of p, for about the work of one elliptic curve: on products of two random 32-bit primes,
/// B1 = 1,000 and B2 = 25,000 split about a third, where a curve splits about a fifth: 7–9%
/// less time in all than the curves alone (micro-ECM runs such a step before its curves too).
enum PollardPMinusOne {
    /// Measured with `scripts/bench-ecm` beside the curves (B1 of 600–1,500, B2 of 9,000–30,000
    /// all within a few percent of each other; 1,000 and 25,000 among the best).
    static let firstStageBound = 1_000
    static let secondStageBound = 25_000

    /// E (the least common multiple of 1 … B1), the baby steps and the pairs of the second
    /// stage: the same plan as a curve's, for other bounds.
    static let plan = WideEllipticCurves.Plan(
        firstStage: firstStageBound, secondStage: secondStageBound)

    /// A non-trivial divisor of `n`, or nil when neither stage finds one (or both find every
    /// prime at once).
    /// - Precondition: `n` is odd and composite.
    static func divisor(of n: UInt64, plan: WideEllipticCurves.Plan = plan) -> UInt64? {
        let m = MontgomeryModulus(n)
        let x = firstStage(m, plan.firstStageScalar)
        let found = m.commonDivisor(m.subtract(x, m.one))
        if found == n { return nil }
        if found > 1 { return found }
        return secondStage(x, m, plan)
    }

    /// 2^E, left to right: a squaring a bit, and a doubling (an addition) for each bit set.
    private static func firstStage(_ m: MontgomeryModulus, _ exponent: [UInt64]) -> UInt64 {
        let two = m.add(m.one, m.one)
        var x = two
        var bit = UInt64.bitWidth - exponent[exponent.count - 1].leadingZeroBitCount - 2
        for word in exponent.reversed() {
            while bit >= 0 {
                x = m.multiply(x, x)
                if (word >> UInt64(bit)) & 1 == 1 { x = m.add(x, x) }
                bit -= 1
            }
            bit = UInt64.bitWidth - 1
        }
        return x
    }

    /// Catches r = kD ± j in (B1, B2] with x^r ≡ 1 (mod p): then x^(kD) ≡ x^(∓j), so
    /// V(kD) ≡ V(j) for V(i) = x^i + x^(−i), one product for both signs. V follows
    /// V(a + b) = V(a)·V(b) − V(a − b): one multiplication a baby step, a giant step, a pair.
    private static func secondStage(
        _ x: UInt64, _ m: MontgomeryModulus, _ plan: WideEllipticCurves.Plan
    ) -> UInt64? {
        let n = m.modulus
        // x is a power of 2 and n is odd, so x is invertible.
        guard let inverse = WideNumbers.inverse(m.leave(x), modulo: n) else { return nil }
        let two = m.add(m.one, m.one)
        let v1 = m.add(x, m.enter(inverse))
        let v2 = m.subtract(m.multiply(v1, v1), two)
        // V(j) for the odd baby steps j, from V(−1) = V(1).
        var babies: [UInt64] = []
        babies.reserveCapacity(plan.babySteps.count)
        var previous = v1
        var current = v1
        var j = 1
        while babies.count < plan.babySteps.count {
            if plan.babySteps[babies.count] == j { babies.append(current) }
            (previous, current) = (current, m.subtract(m.multiply(current, v2), previous))
            j += 2
        }
        let giantStep = lucas(v1, UInt64(plan.giantStep), m)
        var before = two
        var giant = giantStep
        var products = (m.one, m.one, m.one, m.one)
        babies.withUnsafeBufferPointer { babies in
            for step in 1..<plan.pairs.count {
                WideEllipticCurves.multiplyPairs(giant, babies, plan.pairs[step], &products, m)
                (before, giant) = (giant, m.subtract(m.multiply(giant, giantStep), before))
            }
        }
        let divisor = m.commonDivisor(
            m.multiply(m.multiply(products.0, products.1), m.multiply(products.2, products.3)))
        return divisor > 1 && divisor < n ? divisor : nil
    }

    /// V(k) from V(1) by the Lucas ladder, keeping V(i) and V(i + 1).
    private static func lucas(_ v1: UInt64, _ k: UInt64, _ m: MontgomeryModulus) -> UInt64 {
        let two = m.add(m.one, m.one)
        var low = v1
        var high = m.subtract(m.multiply(v1, v1), two)
        var bit = UInt64.bitWidth - k.leadingZeroBitCount - 2
        while bit >= 0 {
            if (k >> UInt64(bit)) & 1 == 1 {
                low = m.subtract(m.multiply(low, high), v1)
                high = m.subtract(m.multiply(high, high), two)
            } else {
                high = m.subtract(m.multiply(low, high), v1)
                low = m.subtract(m.multiply(low, low), two)
            }
            bit -= 1
        }
        return low
    }
}
