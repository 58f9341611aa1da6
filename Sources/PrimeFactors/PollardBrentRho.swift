/// Pollard's rho with Brent's cycle detection, in Montgomery arithmetic, with the differences
/// multiplied together so that one gcd serves a whole batch of steps.
enum PollardBrentRho {
    private static let batchSize = 128

    /// A non-trivial divisor of `n`.
    /// - Precondition: `n` is odd and composite.
    static func divisor(of n: UInt64) -> UInt64 {
        let arithmetic = MontgomeryModulus(n)
        var increment = arithmetic.one
        while true {
            if let divisor = attempt(arithmetic, increment: increment) { return divisor }
            increment = arithmetic.add(increment, arithmetic.one)
        }
    }

    /// One walk of x ↦ x² + c; nil when it closes its cycle modulo every factor at once.
    private static func attempt(_ arithmetic: MontgomeryModulus, increment: UInt64) -> UInt64? {
        let n = arithmetic.modulus
        @inline(__always) func step(_ x: UInt64) -> UInt64 {
            arithmetic.add(arithmetic.multiply(x, x), increment)
        }
        var y = arithmetic.add(arithmetic.one, arithmetic.one)
        var x = y
        var saved = y
        var product = arithmetic.one
        var divisor: UInt64 = 1
        var length = 1
        while divisor == 1 {
            x = y
            for _ in 0..<length { y = step(y) }
            var done = 0
            while done < length && divisor == 1 {
                saved = y
                for _ in 0..<min(batchSize, length - done) {
                    y = step(y)
                    product = arithmetic.multiply(product, x > y ? x &- y : y &- x)
                }
                divisor = greatestCommonDivisor(product, n)
                done += batchSize
            }
            length *= 2
        }
        if divisor == n {
            // The batch overshot: replay it one step at a time.
            repeat {
                saved = step(saved)
                divisor = greatestCommonDivisor(x > saved ? x &- saved : saved &- x, n)
            } while divisor == 1
        }
        return divisor == n ? nil : divisor
    }

    /// Stein's binary gcd.
    static func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
        if a == 0 { return b }
        if b == 0 { return a }
        var a = a
        var b = b
        let shift = (a | b).trailingZeroBitCount
        a >>= a.trailingZeroBitCount
        repeat {
            b >>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b -= a
        } while b != 0
        return a << shift
    }
}
