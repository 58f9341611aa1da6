import Foundation
import Testing

@testable import PrimeFactors

/// The quadratic sieve's factor base on its own, against the tests' own primes and Euler's
/// criterion: which primes it holds, their square roots of kN, their logarithms, and which of
/// them are sieved.
@Suite("The quadratic sieve's factor base")
struct FactorBaseTests {
    static let isPrime = EratosthenesSieve.isPrime(below: 1 << 16)

    /// The odd primes modulo which `kn` is a square or zero, in order, `count` of them.
    static func expectedPrimes(kn: UInt128, count: Int) -> [Int] {
        let primes = (3..<isPrime.count).lazy.filter { isPrime[$0] }.filter { p in
            let residue = Int(kn % UInt128(p))
            return residue == 0
                || ReferencePrimality.power(UInt64(residue), UInt64(p - 1) / 2, UInt64(p)) == 1
        }
        return Array(primes.prefix(count))
    }

    static let numbers: [(kn: UInt128, size: Int)] = [
        (UInt128(1_048_507) * 1_048_661, 80),
        // k = 15: 3 and 5 divide kN, their root 0.
        (15 * UInt128(4_294_967_311) * 4_294_967_357, 110),
        ((UInt128(1) << 127) - 1, 380),
        // Not a square modulo any odd prime below 30: every prime of the base is sieved.
        ((UInt128(1) << 70) + 3_433, 80),
    ]

    @Test(arguments: numbers)
    func holdsTheSignTwoAndTheFirstPrimesModuloWhichKNIsASquare(kn: UInt128, size: Int) {
        let base = FactorBase(kn: kn, size: size)
        #expect(base.primes == [1, 2] + Self.expectedPrimes(kn: kn, count: size - 2))
    }

    @Test(arguments: numbers)
    func givesEachPrimeASquareRootOfKNAndItsLogarithmRounded(kn: UInt128, size: Int) {
        let base = FactorBase(kn: kn, size: size)
        #expect(base.roots.count == size && base.logarithms.count == size)
        #expect(base.roots.prefix(2) == [0, 1] && base.logarithms.prefix(2) == [0, 1])
        for (index, p) in base.primes.enumerated().dropFirst(2) {
            let root = base.roots[index]
            #expect((0..<p).contains(root), "p = \(p)")
            #expect(root * root % p == Int(kn % UInt128(p)), "p = \(p)")
            #expect(Int(base.logarithms[index]) == Int(log2(Double(p)).rounded()), "p = \(p)")
        }
    }

    /// Primes below 30 hit so often that sieving with them costs more than it gives.
    @Test(arguments: numbers)
    func sievesOnlyThePrimesAbove30(kn: UInt128, size: Int) {
        let base = FactorBase(kn: kn, size: size)
        #expect(base.firstSieved >= 2)
        #expect(base.primes[2..<base.firstSieved].allSatisfy { $0 < 30 })
        #expect(base.primes[base.firstSieved...].allSatisfy { $0 > 30 })
    }

    /// A position's remainder by a prime of the base, found by multiplying by the prime's
    /// reciprocal, is the one division gives, for every position up to `remainderBound`
    /// divided by the prime: here around a multiple of each prime of a 380-prime base every
    /// few hundred positions below 2^17 (the longest sieve such a base has; where an estimated
    /// quotient one too large or too small would show), each prime's last positions before
    /// the bound, and those of the largest prime below 2^16.
    @Test func remaindersByReciprocalAreThoseOfDivision() {
        let base = FactorBase(kn: (UInt128(1) << 127) - 1, size: 380)
        var wrong: [String] = []
        for index in 2..<base.primes.count {
            let p = base.primes[index]
            let last = FactorBase.remainderBound / p
            #expect(last >= 1 << 17, "p = \(p)")
            var positions = [last, last - 1, last - last % p - 1, last - last % p]
            for multiple in stride(from: 0, to: 1 << 17, by: p * max(1, 300 / p)) {
                positions += [multiple - 1, multiple, multiple + 1, multiple + p / 2]
            }
            for x in positions where x >= 0 && base.remainder(x, at: index) != x % p {
                wrong.append("\(x) mod \(p)")
            }
        }
        #expect(wrong == [])
        let largest = 65_521
        let last = FactorBase.remainderBound / largest
        let reciprocal = FactorBase.reciprocal(of: largest)
        for x in [0, 1, largest - 1, largest, last - 1, last, last - largest] {
            #expect(FactorBase.remainder(x, of: largest, reciprocal: reciprocal) == x % largest)
        }
    }

    /// Only a prime of the multiplier or of the number itself can divide it; never the number.
    @Test func findsAPrimeOfTheBaseThatDividesTheNumberButNeverTheNumberItself() {
        let n = UInt128(4_294_967_311) * 4_294_967_357
        let base = FactorBase(kn: 15 * n, size: 110)
        #expect(base.divisor(of: n) == nil)
        #expect(base.divisor(of: 5 * n) == 5)
        #expect(base.divisor(of: 3) == nil)
        #expect(base.divisor(of: 1) == nil)
        #expect(base.divisor(of: 2 * n) == 2)
    }
}
