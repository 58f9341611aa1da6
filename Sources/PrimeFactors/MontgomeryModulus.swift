/// Arithmetic modulo an odd 64-bit number in Montgomery form (R = 2^64).
///
/// Values in Montgomery form are `a·R mod n`; a product needs two 64×64→128-bit multiplications
/// and no division, which is what makes primality tests and Pollard's rho fast.
struct MontgomeryModulus {
    let modulus: UInt64
    /// `modulus⁻¹ mod 2^64`.
    private let inverse: UInt64
    /// `R² mod n`, for converting into Montgomery form.
    private let rSquared: UInt64
    /// `1` in Montgomery form (`R mod n`).
    let one: UInt64

    /// - Precondition: `modulus` is odd and greater than 1.
    init(_ modulus: UInt64) {
        precondition(
            modulus & 1 == 1 && modulus > 1, "Montgomery arithmetic needs an odd modulus > 1")
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits: 3 → 6 → 12 → 24 → 48 → 96.
        var inverse = modulus
        for _ in 0..<5 { inverse = inverse &* (2 &- modulus &* inverse) }
        self.inverse = inverse
        one = (0 &- modulus) % modulus
        rSquared = modulus.dividingFullWidth((high: one, low: 0)).remainder
    }

    /// `-1` in Montgomery form.
    var minusOne: UInt64 { modulus &- one }

    /// `value` (any size) in Montgomery form.
    func enter(_ value: UInt64) -> UInt64 {
        multiply(value % modulus, rSquared)
    }

    /// The ordinary value of `value`, which is in Montgomery form.
    func leave(_ value: UInt64) -> UInt64 {
        reduce(high: 0, low: value)
    }

    @inline(__always)
    func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return reduce(high: product.high, low: product.low)
    }

    @inline(__always)
    func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum >= modulus ? sum &- modulus : sum
    }

    @inline(__always)
    func subtract(_ a: UInt64, _ b: UInt64) -> UInt64 {
        a >= b ? a &- b : a &- b &+ modulus
    }

    /// `base^exponent`, with `base` and the result in Montgomery form.
    func power(_ base: UInt64, _ exponent: UInt64) -> UInt64 {
        var result = one
        var base = base
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiply(result, base) }
            base = multiply(base, base)
            exponent >>= 1
        }
        return result
    }

    /// REDC: `(high·2^64 + low)·R⁻¹ mod n` for a product of two values below n.
    @inline(__always)
    private func reduce(high: UInt64, low: UInt64) -> UInt64 {
        // m·n ≡ low (mod 2^64), so the low words cancel and only the high words remain.
        let m = low &* inverse
        let mn = m.multipliedFullWidth(by: modulus).high
        return high >= mn ? high &- mn : high &- mn &+ modulus
    }
}

/// The 64-bit arithmetic as the methods written for any width see it: the elliptic-curve method
/// runs on it specialised, as fast as code written for `UInt64` alone.
extension MontgomeryModulus: ModularArithmetic {
    var zero: UInt64 { 0 }

    func residue(_ value: UInt64) -> UInt64 { enter(value) }

    func value(_ residue: UInt64) -> UInt64 { leave(residue) }

    /// Stein's binary gcd, cheaper than the remainders of Euclid's on one word.
    func commonDivisor(_ a: UInt64) -> UInt64 {
        PollardBrentRho.greatestCommonDivisor(leave(a), modulus)
    }
}
