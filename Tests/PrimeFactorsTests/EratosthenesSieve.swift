/// The tests' own list of primes, independent of the library's: the sieve of Eratosthenes.
enum EratosthenesSieve {
    /// Whether each number below `limit` is prime.
    static func isPrime(below limit: Int) -> [Bool] {
        var isPrime = [false, false] + [Bool](repeating: true, count: max(limit - 2, 0))
        var p = 2
        while p * p < limit {
            if isPrime[p] {
                for multiple in stride(from: p * p, to: limit, by: p) { isPrime[multiple] = false }
            }
            p += 1
        }
        return isPrime
    }
}
