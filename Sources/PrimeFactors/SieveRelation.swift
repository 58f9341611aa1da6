import BigInt

/// A relation of the quadratic sieve: y² ≡ (the product of `factors`' primes) · (the product
/// of `largePrimes`) (mod N). A full relation has no large prime; a partial one, one or two;
/// one made of partial ones through a cycle, each of its large primes an even number of times.
struct SieveRelation: Sendable {
    /// y modulo N.
    var y: BigUInt
    /// Factor-base indices (0: the sign), each as many times as its prime divides the value.
    var factors: [Int]
    /// The primes above the factor base.
    var largePrimes: [UInt64]
}
