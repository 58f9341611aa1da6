/// An independent, deliberately plain primality check for the tests: Miller–Rabin with the first
/// twelve prime bases (proven correct far beyond 2^64), using schoolbook 128-bit division for the
/// modular products instead of the Montgomery arithmetic the library uses.
enum ReferencePrimality {
    static func isPrime(_ n: UInt64) -> Bool {
        if n < 2 { return false }
        let bases: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
        for base in bases where n % base == 0 {
            return n == base
        }
        var d = n - 1
        var s = 0
        while d % 2 == 0 {
            d /= 2
            s += 1
        }
        witnesses: for base in bases {
            var x = power(base, d, n)
            if x == 1 || x == n - 1 { continue }
            for _ in 1..<max(s, 1) {
                x = multiply(x, x, n)
                if x == n - 1 { continue witnesses }
            }
            return false
        }
        return true
    }

    static func nextPrime(after value: UInt64) -> UInt64 {
        var candidate = value + 1
        while !isPrime(candidate) { candidate += 1 }
        return candidate
    }

    /// The product of `factors`, or nil when it does not fit in 64 bits.
    static func product(of factors: [UInt64]) -> UInt64? {
        var product: UInt64 = 1
        for factor in factors {
            let (result, overflow) = product.multipliedReportingOverflow(by: factor)
            if overflow { return nil }
            product = result
        }
        return product
    }

    /// `a · b mod n` by schoolbook division.
    static func multiply(_ a: UInt64, _ b: UInt64, _ n: UInt64) -> UInt64 {
        n.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
    }

    /// `base^exponent mod n`, by squaring and multiplying.
    static func power(_ base: UInt64, _ exponent: UInt64, _ n: UInt64) -> UInt64 {
        var result: UInt64 = 1
        var base = base % n
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiply(result, base, n) }
            base = multiply(base, base, n)
            exponent >>= 1
        }
        return result
    }
}
