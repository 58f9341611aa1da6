/// The quadratic sieve's polynomials, one after another: a = q² for primes q as close as they
/// come to √(√(2kN) / M) (which makes the values' size over [-M, M) smallest), alternately
/// above and below it, never into the factor base.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct PolynomialSource {
    private let kn: UInt128
    private let lowest: Int
    private var above: Int
    private var below: Int
    private var fromAbove = true

    init(kn: UInt128, halfWidth: Int, largestPrime: Int) {
        self.kn = kn
        let ideal = (2 * Double(kn)).squareRoot() / Double(halfWidth)
        let target = max(Int(ideal.squareRoot()), largestPrime + 1)
        lowest = largestPrime + 1
        above = target | 3
        below = (target | 3) - 4
    }

    mutating func next() -> QuadraticPolynomial? {
        while above < 1 << 31 {
            let q: Int
            if fromAbove || below < lowest {
                q = above
                above += 4
            } else {
                q = below
                below -= 4
            }
            fromAbove.toggle()
            if let polynomial = QuadraticPolynomial(q: q, kn: kn) { return polynomial }
        }
        return nil
    }
}
