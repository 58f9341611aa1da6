import BigInt
import Testing

@testable import PrimeFactors

/// What every `ModularArithmetic` must do, whatever its width and its form of residues, checked
/// against `BigUInt`'s plain remainders: the primality tests, the curves and rho rely on nothing
/// else, so a wrong word would otherwise show only as a wrong factor far away.
enum ModularArithmeticContract {
    /// Checks `m` on `values` (any numbers, at or above the modulus too) and `exponents`.
    static func check<Arithmetic: ModularArithmetic>(
        _ m: Arithmetic, values: [Arithmetic.Number], exponents: [Arithmetic.Number],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let n = BigUInt(m.modulus)
        func big(_ residue: Arithmetic.Residue) -> BigUInt { BigUInt(m.value(residue)) }
        /// A residue in the one form its value enters as: a sum left at n instead of 0 is not.
        func isReduced(_ residue: Arithmetic.Residue) -> Bool {
            m.residue(m.value(residue)) == residue && big(residue) < n
        }
        #expect(
            big(m.zero) == 0 && m.residue(0) == m.zero && big(m.one) == 1 && m.residue(1) == m.one,
            "zero and one mod \(n)", sourceLocation: sourceLocation)
        for small in [-(1 << 40), -3, -1, 0, 1, 5, 1 << 40] {
            let expected = (BigInt(small) % BigInt(n) + BigInt(n)) % BigInt(n)
            #expect(
                BigInt(big(m.residue(small: small))) == expected, "\(small) mod \(n)",
                sourceLocation: sourceLocation)
        }
        let residues = values.map { a in
            let x = m.residue(a)
            #expect(
                big(x) == BigUInt(a) % n && isReduced(x), "\(a) in and out of residues mod \(n)",
                sourceLocation: sourceLocation)
            return x
        }
        for x in residues {
            let a = big(x)
            let half = m.half(x)
            #expect(
                big(m.add(half, half)) == a && isReduced(half), "half of \(a) mod \(n)",
                sourceLocation: sourceLocation)
            #expect(
                BigUInt(m.commonDivisor(x)) == a.greatestCommonDivisor(with: n), "gcd(\(a), \(n))",
                sourceLocation: sourceLocation)
            for y in residues.prefix(8) {
                let b = big(y)
                let (sum, difference, product) = (m.add(x, y), m.subtract(x, y), m.multiply(x, y))
                #expect(
                    big(sum) == (a + b) % n && isReduced(sum), "\(a) + \(b) mod \(n)",
                    sourceLocation: sourceLocation)
                #expect(
                    big(difference) == (a + n - b) % n && isReduced(difference),
                    "\(a) − \(b) mod \(n)", sourceLocation: sourceLocation)
                #expect(
                    big(product) == a * b % n && isReduced(product), "\(a) · \(b) mod \(n)",
                    sourceLocation: sourceLocation)
            }
        }
        for x in residues.prefix(4) {
            for exponent in exponents {
                #expect(
                    big(m.power(x, exponent)) == big(x).power(BigUInt(exponent), modulus: n),
                    "\(big(x))^\(exponent) mod \(n)", sourceLocation: sourceLocation)
            }
        }
    }
}
