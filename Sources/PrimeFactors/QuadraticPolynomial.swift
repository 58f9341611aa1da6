/// One of the quadratic sieve's polynomials, Q(x) = ax² + 2bx + c with a = q² and
/// b² − kN = ac, so that (ax + b)² = a·Q(x) + kN.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct QuadraticPolynomial {
    let q: UInt128
    let a: UInt128
    let b: UInt128
    let c: Int128
    let kn: UInt128

    /// The polynomial for the prime q ≡ 3 (mod 4) (below 2^31) modulo which kN is a non-zero
    /// square, or nil if it is not one: b is the square root of kN modulo q, lifted to q² by
    /// one Newton step.
    init?(q: Int, kn: UInt128) {
        guard q % 4 == 3, q < 1 << 31, PrimalityTest.isPrime(UInt64(q)) else { return nil }
        let residue = Int(kn % UInt128(q))
        guard residue != 0, QuadraticSieve.legendre(residue, q) == 1 else { return nil }
        let root = QuadraticSieve.power(residue, (q + 1) / 4, q)
        let a = q * q
        let residueModA = Int(kn % UInt128(a))
        // (residue mod a − root²) / q, times (2·root)⁻¹, modulo q: the lift's correction.
        let excess = ((residueModA - root * root) / q % q + q) % q
        guard let inverse = QuadraticSieve.inverse(2 * root % q, q) else { return nil }
        let b = root + q * (excess * inverse % q)
        let square = UInt128(b) &* UInt128(b)
        guard square % UInt128(a) == UInt128(residueModA) else { return nil }
        self.q = UInt128(q)
        self.a = UInt128(a)
        self.b = UInt128(b)
        self.kn = kn
        c = square <= kn ? -Int128((kn - square) / UInt128(a)) : Int128((square - kn) / UInt128(a))
    }

    /// Q(x), which the sieve's bounds keep below 2^100 in size.
    func value(at x: Int) -> Int128 {
        let x = Int128(x)
        return Int128(a) &* x &* x &+ 2 &* Int128(b) &* x &+ c
    }

    /// |ax + b|, whose square is a·Q(x) + kN.
    func root(at x: Int) -> UInt128 {
        (Int128(a) &* Int128(x) &+ Int128(b)).magnitude
    }
}
