/// The prime factors of `integer` in ascending order, each repeated by its multiplicity.
public func primeFactors(of integer: Int) -> [Int] {
    var factors: [Int] = []
    var remainder = integer
    var divisor = 2
    while remainder > 1 {
        while remainder % divisor == 0 {
            factors.append(divisor)
            remainder /= divisor
        }
        divisor += 1
    }
    return factors
}
