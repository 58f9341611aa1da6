/// Arithmetic modulo an odd number below 2^128 in Montgomery form (R = 2^128): a product is two
/// 128×128→256-bit multiplications and no division, as `MontgomeryModulus` does for 64 bits.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct Montgomery128: ModularArithmetic {
    let modulus: UInt128
    /// `modulus⁻¹ mod 2^128`.
    private let inverse: UInt128
    /// `R² mod n`, for converting into Montgomery form.
    private let rSquared: UInt128
    let one: UInt128
    var zero: UInt128 { 0 }

    /// - Precondition: `modulus` is odd and greater than 1.
    init(_ modulus: UInt128) {
        precondition(modulus & 1 == 1 && modulus > 1, "Montgomery arithmetic needs an odd modulus")
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits: 3 → 6 → … → 192.
        var inverse = modulus
        for _ in 0..<6 { inverse = inverse &* (2 &- modulus &* inverse) }
        self.inverse = inverse
        one = (0 &- modulus) % modulus
        rSquared = modulus.dividingFullWidth((high: one, low: 0)).remainder
    }

    func residue(_ value: UInt128) -> UInt128 { multiply(value % modulus, rSquared) }

    func value(_ residue: UInt128) -> UInt128 { reduce(high: 0, low: residue) }

    @inline(__always)
    func multiply(_ a: UInt128, _ b: UInt128) -> UInt128 {
        let product = Self.fullProduct(a, b)
        return reduce(high: product.high, low: product.low)
    }

    @inline(__always)
    func add(_ a: UInt128, _ b: UInt128) -> UInt128 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum >= modulus ? sum &- modulus : sum
    }

    @inline(__always)
    func subtract(_ a: UInt128, _ b: UInt128) -> UInt128 {
        a >= b ? a &- b : a &- b &+ modulus
    }

    /// REDC: `(high·2^128 + low)·R⁻¹ mod n` for a product of two values below n.
    @inline(__always)
    private func reduce(high: UInt128, low: UInt128) -> UInt128 {
        let m = low &* inverse
        let mn = Self.fullProduct(m, modulus).high
        return high >= mn ? high &- mn : high &- mn &+ modulus
    }

    /// a·b in full, from four products of 64-bit halves. The standard library's `multipliedFullWidth`
    /// for `UInt128` is a generic algorithm the compiler inlines here or not depending on what
    /// else in the module uses it (when the quadratic sieve's 128-bit multiplications came in,
    /// it stopped: 36% more instructions for the curves).
    @inline(__always)
    static func fullProduct(_ a: UInt128, _ b: UInt128) -> (high: UInt128, low: UInt128) {
        let mask: UInt128 = 0xFFFF_FFFF_FFFF_FFFF
        let (a0, a1, b0, b1) = (a & mask, a >> 64, b & mask, b >> 64)
        // Products of 64-bit halves (one machine multiplication each).
        let p00 = a0 &* b0
        let p01 = a0 &* b1
        let p10 = a1 &* b0
        let p11 = a1 &* b1
        // The middle column, below 3·2^64: its top bits carry into the high half.
        let middle = (p00 >> 64) &+ (p01 & mask) &+ (p10 & mask)
        let low = middle << 64 | (p00 & mask)
        let high = p11 &+ (p01 >> 64) &+ (p10 >> 64) &+ (middle >> 64)
        return (high, low)
    }
}
