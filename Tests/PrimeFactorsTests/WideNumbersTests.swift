import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// The integer helpers of the wide methods, on their own against independent references. A
/// wrong root hides a perfect power (which the curves and the sieve split only slowly) or lets a
/// square into the Lucas test (whose search for D never ends on one); a wrong Jacobi symbol
/// makes that test call a prime composite or a composite prime.
@Suite("Integer helpers of the wide methods")
struct WideNumbersTests {
    /// The numbers either side of a power and the power itself: k^e − 1, k^e, k^e + 1.
    static func around(_ k: BigUInt, power e: Int) -> [BigUInt] {
        let p = k.power(e)
        return [p - 1, p, p + 1]
    }

    @Test func squareRootsAreTheLargestWholeRootOnBothSidesOfEverySquare() {
        var generator = SplitMix64(seed: 2)
        var numbers: [BigUInt] = (0...300).map { BigUInt($0) }
        for k in [BigUInt(2), 3, 255, 256, 65_535, 65_536, BigUInt(UInt64.max)] {
            numbers += Self.around(k, power: 2)
        }
        for _ in 0..<200 {
            numbers += Self.around(
                BigUInt(generator.next() >> (generator.next() % 64)) + 1, power: 2)
        }
        for n in numbers {
            guard let n128 = UInt128(exactly: n) else { continue }
            let root = n.squareRoot()
            #expect(WideNumbers.squareRoot(n128) == UInt128(root), "√\(n)")
            #expect(WideNumbers.squareRoot(n) == root, "√\(n)")
        }
        #expect(WideNumbers.squareRoot(UInt128.max) == UInt128(UInt64.max))
    }

    @Test func kthRootsAreTheLargestWholeRootOnBothSidesOfEveryPower() {
        var generator = SplitMix64(seed: 3)
        for k in 2...7 {
            var numbers: [BigUInt] = (0...200).map { BigUInt($0) }
            for _ in 0..<60 {
                let base = BigUInt(generator.next() >> (44 + generator.next() % 20)) + 2
                numbers += Self.around(base, power: k)
            }
            for n in numbers {
                let root = WideNumbers.root(n, k)
                #expect(root.power(k) <= n && (root + 1).power(k) > n, "\(k)th root of \(n)")
                if let n128 = UInt128(exactly: n) {
                    #expect(WideNumbers.root(n128, k) == UInt128(root), "\(k)th root of \(n)")
                }
            }
        }
    }

    /// The Jacobi symbol from its definition: the product of the Legendre symbols of n's prime
    /// factors, each 1 when a is a nonzero square modulo that prime (found by squaring every
    /// residue), −1 when it is none, 0 when the prime divides a.
    static func referenceJacobi(_ a: Int, _ n: Int) -> Int {
        var result = 1
        var rest = n
        var p = 3
        while rest > 1 {
            while rest % p == 0 {
                rest /= p
                let residue = a % p
                if residue == 0 { return 0 }
                result *= (1..<p).contains { $0 * $0 % p == residue } ? 1 : -1
            }
            p += 2
        }
        return result
    }

    @Test func jacobiSymbolsAreThoseOfTheirDefinition() {
        for n in stride(from: 1, through: 199, by: 2) {
            for a in 0..<(n + 3) {
                #expect(
                    WideNumbers.jacobi(UInt128(a), UInt128(n)) == Self.referenceJacobi(a, n),
                    "(\(a)/\(n))")
            }
        }
        // A prime beyond 64 bits, by Euler's criterion alone.
        let p = BigUInt(2).power(89) - 1
        var generator = SplitMix64(seed: 89)
        for _ in 0..<50 {
            let a = BigUInt(generator.next()) * BigUInt(generator.next())
            let euler = a.power((p - 1) / 2, modulus: p)
            #expect(WideNumbers.jacobi(a, p) == (euler == 1 ? 1 : -1), "(\(a)/2^89 − 1)")
        }
    }

    /// For n > 1: `a⁻¹ mod n` exists exactly when gcd(a, n) is 1 (by BigUInt's gcd), and is then
    /// the number below n whose product with a leaves 1; the gcd itself agrees with BigUInt's.
    static func expectInverseAndCommonDivisor<Number: UnsignedInteger>(
        _ a: Number, modulo n: Number, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let euclid = BigUInt(a).greatestCommonDivisor(with: BigUInt(n))
        #expect(
            BigUInt(WideNumbers.greatestCommonDivisor(a, n)) == euclid, "gcd(\(a), \(n))",
            sourceLocation: sourceLocation)
        let inverse = WideNumbers.inverse(a, modulo: n)
        guard euclid == 1 else {
            #expect(inverse == nil, "\(a)⁻¹ mod \(n)", sourceLocation: sourceLocation)
            return
        }
        let i = try #require(inverse, "\(a)⁻¹ mod \(n)", sourceLocation: sourceLocation)
        #expect(
            i < n && BigUInt(i) * BigUInt(a) % BigUInt(n) == 1, "\(a)⁻¹ mod \(n)",
            sourceLocation: sourceLocation)
    }

    @Test func inversesAndCommonDivisorsOfOneWord() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let n = generator.next() | 1
            try Self.expectInverseAndCommonDivisor(generator.next() % n, modulo: n)
        }
        #expect(WideNumbers.inverse(UInt64(6), modulo: 9) == nil)
        #expect(WideNumbers.inverse(UInt64(2), modulo: 9) == 5)
    }

    @Test func inversesAndCommonDivisorsOfTwoWords() throws {
        var generator = SplitMix64(seed: 5)
        let moduli: [UInt128] =
            [2, 3, 9, 15, 1 << 64, UInt128.max, UInt128.max - 158]
            + (0..<10).map { _ in UInt128(generator.next()) << 64 | UInt128(generator.next()) }
        for n in moduli {
            let values: [UInt128] =
                [0, 1, 2, 3, n - 1, n / 2, n, n &+ 1]
                + (0..<20).map { _ in UInt128(generator.next()) * UInt128(generator.next() >> 3) }
            for a in values { try Self.expectInverseAndCommonDivisor(a, modulo: n) }
        }
    }

    @Test func inversesAndCommonDivisorsOfAnySize() throws {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let n = WideReferencePrimality.random(bits: 100, &generator) | 1
            let a = WideReferencePrimality.random(bits: 99, &generator)
            try Self.expectInverseAndCommonDivisor(a, modulo: n)
        }
    }
}
