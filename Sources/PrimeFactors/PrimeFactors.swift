/// The prime factors of `integer` in ascending order, each repeated by its multiplicity.
/// Values below 2 have none.
public func primeFactors(of integer: Int) -> [Int] {
    guard integer > 1 else { return [] }
    return primeFactors(of: UInt64(integer)).map { Int($0) }
}

/// The prime factors of `integer` in ascending order, each repeated by its multiplicity.
/// 0 and 1 have none.
///
/// Small primes are removed by trial division; what remains is split by Pollard–Brent rho until
/// every part passes a deterministic Miller–Rabin test. Every 64-bit input takes microseconds.
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
            let divisor = PollardBrentRho.divisor(of: part)
            unsplit.append(divisor)
            unsplit.append(part / divisor)
        }
    }
    factors[firstLargeFactor...].sort()
    return factors
}
