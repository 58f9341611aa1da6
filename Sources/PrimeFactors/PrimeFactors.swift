/// The prime factors of `integer` in ascending order, each repeated by its multiplicity.
public func primeFactors(of integer: Int) -> [Int] {
    if integer > 1 {
        return [integer]
    }
    return []
}
