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
    guard integer > 1 else { return [] }
    var factors: [UInt64] = []
    let cofactor = TrialDivision.removeSmallFactors(of: integer, into: &factors)
    guard cofactor > 1 else { return factors }
    let firstLargeFactor = factors.endIndex
    var unsplit = [cofactor]
    while let part = unsplit.popLast() {
        if part < TrialDivision.bound * TrialDivision.bound
            || PrimalityTest.isStrongProbablePrimeToAllBases(part)
        {
            factors.append(part)
        } else {
            let divisor = split(part)
            unsplit.append(divisor)
            unsplit.append(part / divisor)
        }
    }
    factors[firstLargeFactor...].sort()
    return factors
}

/// Parts at least this large are split by the elliptic-curve method; below it rho is faster.
let ellipticCurveThreshold: UInt64 = 1 << 40

/// A non-trivial divisor of an odd composite with no factor below the trial-division bound.
func split(_ composite: UInt64) -> UInt64 {
    let root = integerSquareRoot(composite)
    if root * root == composite { return root }
    if composite >= ellipticCurveThreshold, let divisor = EllipticCurveMethod.divisor(of: composite)
    {
        return divisor
    }
    return PollardBrentRho.divisor(of: composite)
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
