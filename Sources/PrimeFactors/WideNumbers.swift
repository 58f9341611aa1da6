/// Integer helpers shared by the factoring of numbers wider than 64 bits, for any unsigned
/// integer type (`UInt128`, `BigUInt`).
enum WideNumbers {
    static func greatestCommonDivisor<Number: UnsignedInteger>(_ a: Number, _ b: Number) -> Number {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// `a⁻¹ mod n`, or nil when they share a factor. Extended Euclid on magnitudes: the
    /// coefficients' signs alternate, so each is kept as a magnitude no larger than `n`.
    static func inverse<Number: UnsignedInteger>(_ a: Number, modulo n: Number) -> Number? {
        var (oldRemainder, remainder) = (n, a % n)
        var (oldCoefficient, coefficient): (Number, Number) = (0, 1)
        var negative = false  // the sign of `coefficient`; `oldCoefficient`'s is the opposite
        while remainder != 0 {
            let quotient = oldRemainder / remainder
            (oldRemainder, remainder) = (remainder, oldRemainder - quotient * remainder)
            (oldCoefficient, coefficient) = (coefficient, oldCoefficient + quotient * coefficient)
            negative.toggle()
        }
        guard oldRemainder == 1 else { return nil }
        // `oldCoefficient` has the sign `coefficient` had before the last toggle: `!negative`.
        let isNegative = !negative
        let magnitude = oldCoefficient % n
        return isNegative && magnitude != 0 ? n - magnitude : magnitude
    }

    /// ⌊√n⌋ by Newton's method.
    static func squareRoot<Number: WideNumber>(_ n: Number) -> Number {
        if n < 2 { return n }
        var x = Number(1) << ((n.significantBitCount + 1) / 2)
        while true {
            let y = (x + n / x) >> 1
            if y >= x { return x }
            x = y
        }
    }

    /// ⌊n^(1/k)⌋ by Newton's method, for k ≥ 2.
    static func root<Number: WideNumber>(_ n: Number, _ k: Int) -> Number {
        if n < 2 { return n }
        var x = Number(1) << ((n.significantBitCount + k - 1) / k)
        while true {
            let power = (0..<(k - 1)).reduce(Number(1)) { product, _ in product * x }
            let y = (Number(k - 1) * x + n / power) / Number(k)
            if y >= x { return x }
            x = y
        }
    }

    /// The Jacobi symbol (a/n) for odd positive n.
    static func jacobi<Number: UnsignedInteger>(_ a: Number, _ n: Number) -> Int {
        var (a, n) = (a % n, n)
        var result = 1
        while a != 0 {
            while a & 1 == 0 {
                a >>= 1
                let r = n & 7
                if r == 3 || r == 5 { result = -result }
            }
            swap(&a, &n)
            if a & 3 == 3 && n & 3 == 3 { result = -result }
            a %= n
        }
        return n == 1 ? result : 0
    }
}
