/// Deterministic primality for every 64-bit number: Miller–Rabin with base sets proven to admit
/// no strong pseudoprime below their bounds.
enum PrimalityTest {
    /// Bases proven sufficient below 4,759,123,141 (Jaeschke).
    private static let basesBelow4759123141: [UInt64] = [2, 7, 61]
    /// Bases proven sufficient for all n < 2^64 (Sinclair).
    private static let basesFor64Bits: [UInt64] = [
        2, 325, 9375, 28178, 450775, 9_780_504, 1_795_265_022,
    ]

    static func isPrime(_ n: UInt64) -> Bool {
        if n < 64 { return (0x28208A20A08A28AC as UInt64) >> n & 1 == 1 }
        if hasFactorBelowEleven(n) { return false }
        return isStrongProbablePrimeToAllBases(n)
    }

    /// Whether 2, 3, 5 or 7 divides `n`: a shortcut for most composites, before Miller–Rabin.
    @inline(__always)
    static func hasFactorBelowEleven(_ n: UInt64) -> Bool {
        n & 1 == 0 || n % 3 == 0 || n % 5 == 0 || n % 7 == 0
    }

    /// For odd `n` of 64 or more: every base is then below `n` (the three up to 61 are used only
    /// below 4,759,123,141, the seven up to 1,795,265,022 only from there), so none is a
    /// multiple of it.
    static func isStrongProbablePrimeToAllBases(_ n: UInt64) -> Bool {
        let arithmetic = MontgomeryModulus(n)
        let bases = n < 4_759_123_141 ? basesBelow4759123141 : basesFor64Bits
        let shift = (n - 1).trailingZeroBitCount
        let oddPart = (n - 1) >> shift
        let minusOne = arithmetic.minusOne
        witnesses: for base in bases {
            var x = arithmetic.power(arithmetic.enter(base), oddPart)
            if x == arithmetic.one || x == minusOne { continue }
            for _ in 1..<shift {
                x = arithmetic.multiply(x, x)
                if x == minusOne { continue witnesses }
            }
            return false
        }
        return true
    }
}
