/// Primality of numbers wider than 64 bits.
///
/// Miller–Rabin to the first 13 prime bases, which is a proof below 3,317,044,064,679,887,385,961,981
/// (about 2^81.5; Sorenson and Webster, 2015). Above that, those 13 bases and a strong Lucas test
/// with Selfridge's parameters: together a Baillie–PSW test (base 2 is among them), for which no
/// composite that passes is known, though none has been proven impossible; the other 12 bases make
/// one even less likely. GNU `factor` trusts the same kind of test.
enum WidePrimality {
    static let bases = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    /// Below this, the 13 bases alone prove primality.
    static let provenBelow: (high: UInt64, low: UInt64) = (0x2_BE69, 0x51AD_C5B2_2410_A5FD)

    /// Whether the odd modulus of `arithmetic`, which has no factor below 64, is prime.
    static func isPrime<Arithmetic: ModularArithmetic>(_ arithmetic: Arithmetic) -> Bool {
        isPrime(arithmetic, lucas: isStrongLucasProbablePrime)
    }

    /// `isPrime(_:)` with the strong Lucas test given, which it asks only from `provenBelow` on,
    /// once the 13 bases have passed: a test can see when. Inlined, so the plain call still calls
    /// the Lucas test directly.
    @inline(__always)
    static func isPrime<Arithmetic: ModularArithmetic>(
        _ arithmetic: Arithmetic, lucas: (Arithmetic) -> Bool
    ) -> Bool {
        for base in bases where !isStrongProbablePrime(arithmetic, base: base) { return false }
        let n = arithmetic.modulus
        let proven =
            (Arithmetic.Number(provenBelow.high) << 64) | Arithmetic.Number(provenBelow.low)
        if n < proven { return true }
        return lucas(arithmetic)
    }

    static func isStrongProbablePrime<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, base: Int
    ) -> Bool {
        let nMinusOne = m.modulus - 1
        let shift = nMinusOne.trailingZeroBitCount
        let oddPart = nMinusOne >> shift
        let minusOne = m.subtract(m.zero, m.one)
        let a = m.residue(small: base)
        if a == m.zero { return true }
        var x = m.power(a, oddPart)
        if x == m.one || x == minusOne { return true }
        var round = 1
        while round < shift {
            x = m.square(x)
            if x == minusOne { return true }
            round += 1
        }
        return false
    }

    /// The strong Lucas test with P = 1 and Q = (1 − D)/4, D the first of 5, −7, 9, −11, … with
    /// Jacobi symbol (D/n) = −1.
    static func isStrongLucasProbablePrime<Arithmetic: ModularArithmetic>(_ m: Arithmetic)
        -> Bool
    {
        let n = m.modulus
        let root = WideNumbers.squareRoot(n)
        if root * root == n { return false }
        var d = 5
        while true {
            let magnitude = Arithmetic.Number(abs(d))
            let symbol = WideNumbers.jacobi(
                d > 0 ? magnitude % n : n - magnitude % n, n)
            if symbol == -1 { break }
            if symbol == 0 && magnitude % n != 0 { return false }
            d = d > 0 ? -(d + 2) : -d + 2
        }
        let discriminant = m.residue(small: d)
        let q = m.residue(small: (1 - d) / 4)
        let nPlusOne = n + 1
        let shift = nPlusOne.trailingZeroBitCount
        let oddPart = nPlusOne >> shift
        var u = m.one
        var v = m.one
        var qPower = q
        var bit = oddPart.significantBitCount - 2
        while bit >= 0 {
            u = m.multiply(u, v)
            v = m.subtract(m.square(v), m.add(qPower, qPower))
            qPower = m.square(qPower)
            if (oddPart >> bit) & 1 == 1 {
                let nextU = m.half(m.add(u, v))
                v = m.half(m.add(m.multiply(discriminant, u), v))
                u = nextU
                qPower = m.multiply(qPower, q)
            }
            bit -= 1
        }
        if u == m.zero || v == m.zero { return true }
        var round = 1
        while round < shift {
            v = m.subtract(m.square(v), m.add(qPower, qPower))
            if v == m.zero { return true }
            qPower = m.square(qPower)
            round += 1
        }
        return false
    }
}
