import BigInt

/// A relation of the quadratic sieve: (the product of `ys`)² ≡ (the product of `factors`'
/// primes) · (the product of `largePrimes`) (mod N). A full relation has no large prime and
/// one y; a partial one, one or two large primes; one made of partial ones through a cycle,
/// a y for each and each of its large primes an even number of times (the ys are multiplied
/// once, when the relation is used).
struct SieveRelation: Sendable {
    /// The y of each relation it is made of, modulo N.
    var ys: [BigUInt]
    /// Factor-base indices (0: the sign), each as many times as its prime divides the value.
    var factors: [Int]
    /// The primes above the factor base.
    var largePrimes: [UInt64]

    init(y: BigUInt, factors: [Int], largePrimes: [UInt64]) {
        ys = [y]
        self.factors = factors
        self.largePrimes = largePrimes
    }
}
