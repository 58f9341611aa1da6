/// Pollard's rho with Brent's cycle detection for numbers of any width: the slow but sure last
/// resort behind the elliptic-curve method (`WideEllipticCurves`).
enum WidePollardRho {
    private static let batchSize = 128

    /// A non-trivial divisor of the modulus, which must be odd and composite.
    static func divisor<Arithmetic: ModularArithmetic>(_ m: Arithmetic) -> Arithmetic.Number {
        var increment = m.one
        while true {
            if let divisor = attempt(m, increment: increment) { return divisor }
            increment = m.add(increment, m.one)
        }
    }

    /// One walk of x ↦ x² + c; nil when it closes its cycle modulo every factor at once.
    private static func attempt<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, increment: Arithmetic.Residue
    ) -> Arithmetic.Number? {
        let n = m.modulus
        func step(_ x: Arithmetic.Residue) -> Arithmetic.Residue {
            m.add(m.square(x), increment)
        }
        var y = m.add(m.one, m.one)
        var x = y
        var saved = y
        var product = m.one
        var divisor: Arithmetic.Number = 1
        var length = 1
        while divisor == 1 {
            x = y
            for _ in 0..<length { y = step(y) }
            var done = 0
            while done < length && divisor == 1 {
                saved = y
                for _ in 0..<min(batchSize, length - done) {
                    y = step(y)
                    product = m.multiply(product, m.subtract(x, y))
                }
                divisor = m.commonDivisor(product)
                done += batchSize
            }
            length *= 2
        }
        if divisor == n {
            repeat {
                saved = step(saved)
                divisor = m.commonDivisor(m.subtract(x, saved))
            } while divisor == 1
        }
        return divisor == n ? nil : divisor
    }
}
