import BigInt

/// Arithmetic modulo an odd number below 2^256 in Montgomery form (R = 2^256), on four 64-bit
/// words kept in registers (coarsely integrated operand scanning): the numbers between 128 and
/// 256 bits are factored without `BigUInt` allocating for every product.
struct Montgomery256: ModularArithmetic {
    /// A residue: four 64-bit words, least significant first.
    struct Words: Equatable {
        var w0: UInt64
        var w1: UInt64
        var w2: UInt64
        var w3: UInt64
    }

    let modulus: BigUInt
    private let n: Words
    /// `−modulus⁻¹ mod 2^64`.
    private let nPrime: UInt64
    private let rSquared: Words
    let one: Words
    var zero: Words { Words(w0: 0, w1: 0, w2: 0, w3: 0) }

    /// - Precondition: `modulus` is odd, greater than 1 and below 2^256.
    init(_ modulus: BigUInt) {
        precondition(modulus & 1 == 1 && modulus > 1 && modulus.bitWidth <= 256)
        self.modulus = modulus
        n = Self.words(modulus)
        var inverse = n.w0
        for _ in 0..<5 { inverse = inverse &* (2 &- n.w0 &* inverse) }
        nPrime = 0 &- inverse
        one = Self.words((BigUInt(1) << 256) % modulus)
        rSquared = Self.words((BigUInt(1) << 512) % modulus)
    }

    private static func words(_ value: BigUInt) -> Words {
        func word(_ index: Int) -> UInt64 {
            index < value.words.count ? UInt64(value.words[index]) : 0
        }
        return Words(w0: word(0), w1: word(1), w2: word(2), w3: word(3))
    }

    func residue(_ value: BigUInt) -> Words { multiply(Self.words(value % modulus), rSquared) }

    func value(_ residue: Words) -> BigUInt {
        let plain = multiply(residue, Words(w0: 1, w1: 0, w2: 0, w3: 0))
        return BigUInt(words: [UInt(plain.w0), UInt(plain.w1), UInt(plain.w2), UInt(plain.w3)])
    }

    /// `a·b + c + d`, which never overflows 128 bits.
    @inline(__always)
    private static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64)
        -> (high: UInt64, low: UInt64)
    {
        let product = a.multipliedFullWidth(by: b)
        let (low1, carry1) = product.low.addingReportingOverflow(c)
        let (low2, carry2) = low1.addingReportingOverflow(d)
        return (product.high &+ (carry1 ? 1 : 0) &+ (carry2 ? 1 : 0), low2)
    }

    @inline(__always)
    func multiply(_ a: Words, _ b: Words) -> Words {
        var t = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        t = step(t, a, b.w0)
        t = step(t, a, b.w1)
        t = step(t, a, b.w2)
        t = step(t, a, b.w3)
        return reduced(Words(w0: t.0, w1: t.1, w2: t.2, w3: t.3), carry: t.4 != 0)
    }

    /// One word of a Montgomery product: (t + a·bi + m·n) / 2^64, with m making the low word
    /// vanish. (Taking t and giving it back, rather than changing a variable it captures,
    /// spares every call a check of exclusive access.)
    @inline(__always)
    private func step(
        _ t: (UInt64, UInt64, UInt64, UInt64, UInt64), _ a: Words, _ bi: UInt64
    ) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
        // t += a·bi
        let x0 = Self.multiplyAdd(a.w0, bi, t.0, 0)
        let x1 = Self.multiplyAdd(a.w1, bi, t.1, x0.high)
        let x2 = Self.multiplyAdd(a.w2, bi, t.2, x1.high)
        let x3 = Self.multiplyAdd(a.w3, bi, t.3, x2.high)
        let (x4, carry4) = t.4.addingReportingOverflow(x3.high)
        let x5: UInt64 = carry4 ? 1 : 0
        let m = x0.low &* nPrime
        let y0 = Self.multiplyAdd(m, n.w0, x0.low, 0)
        let y1 = Self.multiplyAdd(m, n.w1, x1.low, y0.high)
        let y2 = Self.multiplyAdd(m, n.w2, x2.low, y1.high)
        let y3 = Self.multiplyAdd(m, n.w3, x3.low, y2.high)
        let (z3, carry) = x4.addingReportingOverflow(y3.high)
        return (y1.low, y2.low, y3.low, z3, x5 &+ (carry ? 1 : 0))
    }

    /// `value` (plus 2^256 when `carry`) less the modulus if it is not below it.
    @inline(__always)
    private func reduced(_ value: Words, carry: Bool) -> Words {
        let (difference, borrow) = Self.subtracting(value, n)
        return carry || !borrow ? difference : value
    }

    @inline(__always)
    private static func subtracting(_ a: Words, _ b: Words) -> (Words, borrow: Bool) {
        let (d0, b0) = a.w0.subtractingReportingOverflow(b.w0)
        let (d1a, b1a) = a.w1.subtractingReportingOverflow(b.w1)
        let (d1, b1b) = d1a.subtractingReportingOverflow(b0 ? 1 : 0)
        let (d2a, b2a) = a.w2.subtractingReportingOverflow(b.w2)
        let (d2, b2b) = d2a.subtractingReportingOverflow(b1a || b1b ? 1 : 0)
        let (d3a, b3a) = a.w3.subtractingReportingOverflow(b.w3)
        let (d3, b3b) = d3a.subtractingReportingOverflow(b2a || b2b ? 1 : 0)
        return (Words(w0: d0, w1: d1, w2: d2, w3: d3), b3a || b3b)
    }

    @inline(__always)
    private static func adding(_ a: Words, _ b: Words) -> (Words, carry: Bool) {
        let (s0, c0) = a.w0.addingReportingOverflow(b.w0)
        let (s1a, c1a) = a.w1.addingReportingOverflow(b.w1)
        let (s1, c1b) = s1a.addingReportingOverflow(c0 ? 1 : 0)
        let (s2a, c2a) = a.w2.addingReportingOverflow(b.w2)
        let (s2, c2b) = s2a.addingReportingOverflow(c1a || c1b ? 1 : 0)
        let (s3a, c3a) = a.w3.addingReportingOverflow(b.w3)
        let (s3, c3b) = s3a.addingReportingOverflow(c2a || c2b ? 1 : 0)
        return (Words(w0: s0, w1: s1, w2: s2, w3: s3), c3a || c3b)
    }

    func add(_ a: Words, _ b: Words) -> Words {
        let (sum, carry) = Self.adding(a, b)
        return reduced(sum, carry: carry)
    }

    func subtract(_ a: Words, _ b: Words) -> Words {
        let (difference, borrow) = Self.subtracting(a, b)
        return borrow ? Self.adding(difference, n).0 : difference
    }

    func half(_ a: Words) -> Words {
        var value = a
        var top = false
        if a.w0 & 1 == 1 { (value, top) = Self.adding(a, n) }
        return Words(
            w0: value.w0 >> 1 | value.w1 << 63, w1: value.w1 >> 1 | value.w2 << 63,
            w2: value.w2 >> 1 | value.w3 << 63, w3: value.w3 >> 1 | (top ? 1 << 63 : 0))
    }
}
