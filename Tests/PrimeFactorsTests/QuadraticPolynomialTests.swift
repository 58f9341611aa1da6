import BigInt
import Testing

@testable import PrimeFactors

/// The quadratic sieve's polynomials on their own, checked in arbitrary precision: for a = q²,
/// b² ≡ kN (mod a), so that Q(x) = ax² + 2bx + c has (ax + b)² = a·Q(x) + kN for every x.
@Suite("The quadratic sieve's polynomials")
struct QuadraticPolynomialTests {
    static let kn = UInt128(4_294_967_311) * 4_294_967_357 * 15

    /// Primes q ≡ 3 (mod 4) modulo which kN is a square, from small to the largest allowed.
    @Test(arguments: [11, 103, 2_011, 65_003, 1_000_003, 2_147_483_579])
    func solvesBSquaredMinusKNEqualsAC(q: Int) throws {
        let polynomial = try #require(QuadraticPolynomial(q: q, kn: Self.kn))
        let (a, b, c) = (BigInt(polynomial.a), BigInt(polynomial.b), BigInt(polynomial.c))
        #expect(polynomial.q == UInt128(q) && a == BigInt(q) * BigInt(q))
        #expect(b >= 0 && b < a)
        #expect(b * b - BigInt(Self.kn) == a * c)
        #expect(polynomial.kn == Self.kn)
    }

    @Test func valuesAndRootsSatisfyTheSievesCongruence() throws {
        let polynomial = try #require(QuadraticPolynomial(q: 2_011, kn: Self.kn))
        let (a, b, c) = (BigInt(polynomial.a), BigInt(polynomial.b), BigInt(polynomial.c))
        for x in [-65_536, -32_768, -1, 0, 1, 2, 12_345, 65_535] {
            let value = BigInt(polynomial.value(at: x))
            #expect(value == a * BigInt(x) * BigInt(x) + 2 * b * BigInt(x) + c, "x = \(x)")
            let root = BigInt(polynomial.root(at: x))
            #expect(root == (a * BigInt(x) + b).magnitude, "x = \(x)")
            #expect(root * root == a * value + BigInt(Self.kn), "x = \(x)")
        }
    }

    /// c is negative when b² < kN, positive when b² > kN: both signs occur.
    @Test func keepsTheSignOfC() throws {
        let small = try #require(QuadraticPolynomial(q: 11, kn: Self.kn))
        #expect(small.c < 0)
        // kN = 7: q = 3 has b = 1 + 3·(…) with b² > 7 = kN.
        let large = try #require(QuadraticPolynomial(q: 3, kn: 7))
        #expect(large.c > 0)
        #expect(BigInt(large.b) * BigInt(large.b) - 7 == BigInt(large.a) * BigInt(large.c))
    }

    /// No polynomial where there is no square root to lift or the lift cannot be checked.
    @Test func refusesQThatIsNotAPrimeOf3Mod4WithKNANonZeroSquareModuloIt() {
        #expect(QuadraticPolynomial(q: 41, kn: Self.kn) == nil, "1 mod 4")
        // 11 × 41: kN's Jacobi symbol is 1 and the lift checks out, but 451 is no prime.
        #expect(QuadraticPolynomial(q: 451, kn: Self.kn) == nil, "3 mod 4, composite")
        #expect(QuadraticPolynomial(q: 3, kn: Self.kn) == nil, "3 divides kN")
        #expect(QuadraticPolynomial(q: 7, kn: Self.kn) == nil, "kN not a square mod 7")
        #expect(QuadraticPolynomial(q: 2_147_483_743, kn: Self.kn) == nil, "2^31 or more")
    }
}
