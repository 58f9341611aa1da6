/// The tests' own list of primes, independent of the library's: the sieve of Eratosthenes.
enum EratosthenesSieve {
    /// Whether each number below `limit` is prime (0 and 1 are listed, as not prime, whatever
    /// the limit).
    static func isPrime(below limit: Int) -> [Bool] {
        var isPrime = [false, false] + [Bool](repeating: true, count: max(limit - 2, 0))
        // Through the buffer, with the even numbers crossed off apart: the tests are built
        // unoptimised, and sieving to five million through the array's subscript took a second.
        isPrime.withUnsafeMutableBufferPointer { isPrime in
            var even = 4
            while even < limit {
                isPrime[even] = false
                even += 2
            }
            var p = 3
            while p * p < limit {
                if isPrime[p] {
                    var multiple = p * p
                    while multiple < limit {
                        isPrime[multiple] = false
                        multiple += 2 * p
                    }
                }
                p += 2
            }
        }
        return isPrime
    }
}
