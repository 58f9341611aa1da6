import BigInt
import CasebookTestSupport

/// An independent primality check for numbers of any size, for the tests: Miller–Rabin to 24
/// bases on `BigUInt`'s own modular power, never the library's Montgomery arithmetic.
enum WideReferencePrimality {
    /// Whether `n` passes the first `bases` of the 24 bases (all of them unless told).
    static func isPrime(_ n: BigUInt, bases count: Int = 24) -> Bool {
        if let small = UInt128(exactly: n) { return isPrime(small, bases: count) }
        if n < 2 { return false }
        let bases: [BigUInt] = [
            2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
            89,
        ]
        for base in bases where n % base == 0 { return n == base }
        var d = n - 1
        var s = 0
        while d % 2 == 0 {
            d /= 2
            s += 1
        }
        witnesses: for base in bases.prefix(count) {
            var x = base.power(d, modulus: n)
            if x == 1 || x == n - 1 { continue }
            for _ in 1..<max(s, 1) {
                x = x * x % n
                if x == n - 1 { continue witnesses }
            }
            return false
        }
        return true
    }

    /// The same test on `UInt128` (to 16 bases at most), with products reduced by full-width
    /// division.
    static func isPrime(_ n: UInt128, bases count: Int = 16) -> Bool {
        if n < 2 { return false }
        let bases: [UInt128] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53]
        for base in bases where n % base == 0 { return n == base }
        func multiply(_ a: UInt128, _ b: UInt128) -> UInt128 {
            n.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
        }
        var d = n - 1
        var s = 0
        while d & 1 == 0 {
            d >>= 1
            s += 1
        }
        witnesses: for base in bases.prefix(count) {
            var x: UInt128 = 1
            var power = base
            var exponent = d
            while exponent > 0 {
                if exponent & 1 == 1 { x = multiply(x, power) }
                power = multiply(power, power)
                exponent >>= 1
            }
            if x == 1 || x == n - 1 { continue }
            for _ in 1..<max(s, 1) {
                x = multiply(x, x)
                if x == n - 1 { continue witnesses }
            }
            return false
        }
        return true
    }

    /// The first number after `value` that passes eight bases. Below 341,550,071,728,321
    /// (about 2^48) that is a proof (Jaeschke, 1993); a random composite of 72 bits or more
    /// passes them with a chance below 2^-26 (Damgård, Landrock and Pomerance, 1993); in
    /// between no bound is quoted here. Whatever the size, the tests' seeds are fixed, so the
    /// same numbers are drawn on every run, and a composite taken for a prime here would make
    /// the test that uses it fail, never pass. Proving each prime to all 24 bases took most of
    /// the time of the tests that draw random primes.
    static func nextPrime(after value: BigUInt) -> BigUInt {
        var candidate = value + 1
        while !isPrime(candidate, bases: 8) { candidate += 1 }
        return candidate
    }

    /// A random number of exactly `bits` bits.
    static func random(bits: Int, _ generator: inout SplitMix64) -> BigUInt {
        var value = BigUInt(0)
        for _ in 0..<(bits + 63) / 64 { value = value << 64 | BigUInt(generator.next()) }
        value &= (BigUInt(1) << bits) - 1
        return value | BigUInt(1) << (bits - 1)
    }
}
