import BigInt

/// The prime factors of `integer` in ascending order, each repeated by its multiplicity.
/// Values below 2 have none.
public func primeFactors(of integer: Int) -> [Int] {
    guard integer > 1 else { return [] }
    return primeFactors(of: UInt64(integer)).map { Int($0) }
}

/// The prime factors of `integer` in ascending order, each repeated by its multiplicity.
/// 0 and 1 have none.
///
/// Small primes are removed by trial division; what remains is split — squares by their root,
/// large parts by the elliptic-curve method, small ones by Pollard–Brent rho — until every part
/// passes a deterministic Miller–Rabin test. Every 64-bit input takes well under a millisecond.
public func primeFactors(of integer: UInt64) -> [UInt64] {
    var factors: [UInt64] = []
    appendPrimeFactors(of: integer, to: &factors)
    return factors
}

/// Appends the prime factors of `integer`, ascending, to `factors` — without allocating for the
/// common cases, so that a stream of numbers reuses one array.
func appendPrimeFactors(of integer: UInt64, to factors: inout [UInt64]) {
    guard integer > 1 else { return }
    let cofactor = TrialDivision.removeSmallFactors(of: integer, into: &factors)
    guard cofactor > 1 else { return }
    if isPrimeCofactor(cofactor) {
        factors.append(cofactor)
        return
    }
    let firstLargeFactor = factors.endIndex
    var unsplit = [cofactor]
    while let part = unsplit.popLast() {
        if isPrimeCofactor(part) {
            factors.append(part)
        } else {
            let divisor = split(part)
            unsplit.append(divisor)
            unsplit.append(part / divisor)
        }
    }
    factors[firstLargeFactor...].sort()
}

/// Whether a part with no factor below the trial-division bound is prime.
private func isPrimeCofactor(_ part: UInt64) -> Bool {
    part < TrialDivision.bound * TrialDivision.bound
        || PrimalityTest.isStrongProbablePrimeToAllBases(part)
}

/// Parts at least this large are split by the elliptic-curve method; below it rho is faster.
let ellipticCurveThreshold: UInt64 = 1 << 40

/// A non-trivial divisor of an odd composite with no factor below the trial-division bound.
func split(_ composite: UInt64) -> UInt64 {
    split(
        composite, ellipticCurves: { EllipticCurveMethod.divisor(of: $0) },
        rho: PollardBrentRho.divisor(of:))
}

/// `split(_:)` with its two methods given (the tests record which is asked): a square is split
/// by its root, a part of at least `ellipticCurveThreshold` by the elliptic-curve method, and a
/// smaller part, or one the curves do not split, by rho.
@inline(__always)
func split(
    _ composite: UInt64, ellipticCurves: (UInt64) -> UInt64?, rho: (UInt64) -> UInt64
) -> UInt64 {
    let root = integerSquareRoot(composite)
    if root * root == composite { return root }
    if composite >= ellipticCurveThreshold, let divisor = ellipticCurves(composite) {
        return divisor
    }
    return rho(composite)
}

/// ⌊√n⌋, exactly (the floating-point estimate corrected; roots stay below 2^32, so no square
/// overflows).
func integerSquareRoot(_ n: UInt64) -> UInt64 {
    let largest: UInt64 = 0xFFFF_FFFF
    var root = min(UInt64(Double(n).squareRoot()), largest)
    while root * root > n { root -= 1 }
    while root < largest && (root + 1) * (root + 1) <= n { root += 1 }
    return root
}

/// The prime factors of `integer` in ascending order, each repeated by its multiplicity; 0 and 1
/// have none. Numbers that fit in 64 bits take the 64-bit code; wider ones are split by the
/// elliptic-curve method in Montgomery arithmetic on `UInt128`, and their primes proven by
/// Miller–Rabin below about 2^81.5 and tested by Baillie–PSW above (see `WidePrimality`).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public func primeFactors(of integer: UInt128) -> [UInt128] {
    guard integer > 1 else { return [] }
    return WideFactorization.factors(of: integer)
}

/// The prime factors of `integer`, any size, in ascending order, each repeated by its
/// multiplicity; 0 and 1 have none. Parts that fit in 128 bits are worked on as `UInt128`.
/// Time grows with the second-largest prime factor: docs/performance.md gives the sizes guaranteed.
public func primeFactors(of integer: BigUInt) -> [BigUInt] {
    primeFactors(of: integer, options: FactoringOptions())
}

/// The prime factors of `integer`, any size, as `primeFactors(of:)` finds them, with the
/// quadratic sieve (for parts past 128 bits that the first curves do not split) on
/// `options.threads` threads, telling `options.progress` how far it is.
public func primeFactors(of integer: BigUInt, options: FactoringOptions) -> [BigUInt] {
    guard integer > 1 else { return [] }
    return WideFactorization.factors(of: integer, options: options)
}
