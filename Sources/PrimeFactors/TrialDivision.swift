/// Removes the small prime factors of a number with one multiplication per prime: for an odd
/// prime p, `n` is divisible by p exactly when `n·p⁻¹ mod 2^64 ≤ (2^64 − 1)/p`, and then that
/// product is the quotient.
enum TrialDivision {
    /// Primes below this bound are found by trial division; a cofactor below its square is prime.
    static let bound: UInt64 = 2048

    private struct Divisor {
        let prime: UInt64
        let inverse: UInt64
        let limit: UInt64
    }

    private static let divisors: [Divisor] = {
        var isComposite = [Bool](repeating: false, count: Int(bound))
        var divisors: [Divisor] = []
        for candidate in 3..<Int(bound) where !isComposite[candidate] {
            if candidate % 2 == 0 { continue }
            for multiple in stride(from: candidate * candidate, to: Int(bound), by: candidate) {
                isComposite[multiple] = true
            }
            let prime = UInt64(candidate)
            var inverse = prime
            for _ in 0..<5 { inverse = inverse &* (2 &- prime &* inverse) }
            divisors.append(Divisor(prime: prime, inverse: inverse, limit: UInt64.max / prime))
        }
        return divisors
    }()

    /// Appends the prime factors of `n` below `bound` to `factors`, ascending, and returns the
    /// cofactor: 1, or a number whose prime factors are all at least `bound` (so a prime when it
    /// is below `bound²`).
    /// - Precondition: `n` is not 0.
    static func removeSmallFactors(of n: UInt64, into factors: inout [UInt64]) -> UInt64 {
        var n = n
        let twos = n.trailingZeroBitCount
        factors.append(contentsOf: repeatElement(2, count: twos))
        n >>= twos
        for divisor in divisors {
            if divisor.prime &* divisor.prime > n { break }
            while true {
                let quotient = n &* divisor.inverse
                if quotient > divisor.limit { break }
                factors.append(divisor.prime)
                n = quotient
            }
        }
        return n
    }
}
