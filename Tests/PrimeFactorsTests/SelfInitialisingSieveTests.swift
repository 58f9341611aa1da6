import BigInt
import CasebookTestSupport
import Synchronization
import Testing

@testable import PrimeFactors

/// The self-initialising quadratic sieve: from one `a` (a product of factor-base primes), the
/// 2^(s−1) polynomials its B values give by Gray-code switching, each one's roots right for
/// every prime; partial relations joined through the cycles of their large primes; and the
/// divisor of products of two primes of equal size, the hard case, from 99 to 160 bits, on one
/// thread or several.
@Suite("The self-initialising quadratic sieve")
struct SelfInitialisingSieveTests {
    /// Products of two primes of equal size, and the primes.
    static let semiprimes: [(n: BigUInt, p: BigUInt)] = [
        ("606192723484012592460146389493", "648951898671463"),
        ("1042554811475694888405944024371330663", "1019022571343569561"),
        ("672170511446943833171792726501152716761", "30426589135099421203"),
        ("733992701822013791831876564338629512650601", "853710687993952466203"),
        ("801838304027452818476510937826360200646623569", "30048334856417394346559"),
        ("743110269655371470057274165228115443369499356373", "670992498609891138739607"),
    ].map { (BigUInt($0.0)!, BigUInt($0.1)!) }

    @Test func everyPolynomialOfAFamilyHasItsRootsAtEveryPrime() throws {
        let n = Self.semiprimes[3].n
        let parameters = SieveParameters.forBits(n.bitWidth)
        let kn = n * BigUInt(SelfInitialisingSieve.multiplier(for: n))
        let base = FactorBase(kn: kn, size: parameters.primes)
        var generator = SplitMix64(seed: 7)
        var family = try #require(
            PolynomialFamily(
                kn: kn, base: base, halfWidth: parameters.halfWidth, random: &generator))
        #expect(family.count == 1 << (family.factorIndices.count - 1))
        #expect(family.factorIndices.count >= 3)
        var seen: Set<BigInt> = []
        repeat {
            let (a, b, c) = (family.a, family.b, family.c)
            #expect(seen.insert(b).inserted)
            // (ax + b)² − kN = a·g(x), g(x) = ax² + 2bx + c.
            #expect(b * b - BigInt(kn) == a * c)
            // The 128-bit coefficients the candidates are worked out with, where they fit.
            let small = try #require(family.small)
            for x in [-family.halfWidth, -1, 0, 7, family.halfWidth - 1] {
                let exact = (a * BigInt(x) + 2 * b) * BigInt(x) + c
                let fast = (small.a * Int128(x) + 2 * small.b) * Int128(x) + small.c
                #expect(exact == BigInt(fast), "x = \(x)")
            }
            for index in stride(from: 2, to: base.primes.count, by: 7) {
                let p = base.primes[index]
                guard family.firstRoot[index] != PolynomialFamily.noRoot else {
                    #expect(family.factorIndices.contains(index) || kn % BigUInt(p) == 0)
                    continue
                }
                for root in [family.firstRoot[index], family.secondRoot[index]] {
                    let x = BigInt(Int(root) - family.halfWidth)
                    let value = a * x * x + 2 * b * x + c
                    #expect(value % BigInt(p) == 0, "p = \(p), root \(root)")
                }
            }
        } while family.next()
        #expect(seen.count == family.count)
    }

    /// Every byte of the sieve is what adding each sieved prime's logarithm at every position
    /// of its roots, one position after another over the whole interval, gives: for a factor
    /// base whose middle primes hit a block from thousands of times down to once (160 bits),
    /// and for one whose largest primes go through the buckets (200 bits).
    @Test(arguments: [(Self.semiprimes[5].n, 3), (BigUInt(1) << 199 + 1_053, 5)])
    func theSieveAddsEachPrimesLogarithmAtItsRootsAndNowhereElse(n: BigUInt, polynomials: Int)
        throws
    {
        let parameters = SieveParameters.forBits(n.bitWidth)
        let kn = n * BigUInt(SelfInitialisingSieve.multiplier(for: n))
        let base = FactorBase(kn: kn, size: parameters.primes)
        #expect(base.primes.last! > SieveParameters.blockSize / 2)
        var generator = SplitMix64(seed: 5)
        var family = try #require(
            PolynomialFamily(
                kn: kn, base: base, halfWidth: parameters.halfWidth, random: &generator))
        var worker = SieveWorker(n: n, kn: kn, base: base, parameters: parameters)
        let length = parameters.blocks * SieveParameters.blockSize
        for _ in 0..<polynomials {
            var expected = [UInt8](repeating: worker.startingByte, count: length)
            for index in base.primes.indices where base.primes[index] >= parameters.smallestSieved {
                let first = family.firstRoot[index]
                guard first != PolynomialFamily.noRoot else { continue }
                let second = family.secondRoot[index]
                for root in first == second ? [first] : [first, second] {
                    for position in stride(from: Int(root), to: length, by: base.primes[index]) {
                        expected[position] &+= base.logarithms[index]
                    }
                }
            }
            let sieved = worker.sievedBytes(family)
            let wrong = sieved.indices.filter { sieved[$0] != expected[$0] }
            let differing = wrong.count
            #expect(differing == 0, "the first positions that differ: \(wrong.prefix(5))")
            let moved = family.next()
            #expect(moved)
        }
    }

    /// Past about 215 bits the coefficients do not fit in 128 bits: b and c are worked out as
    /// big integers, and the roots move as before.
    @Test func aFamilyPast215BitsWorksInBigIntegers() throws {
        let n = (BigUInt(1) << 239) + 4_503
        let parameters = SieveParameters.forBits(n.bitWidth)
        let kn = n * BigUInt(SelfInitialisingSieve.multiplier(for: n))
        let base = FactorBase(kn: kn, size: parameters.primes)
        var generator = SplitMix64(seed: 11)
        var family = try #require(
            PolynomialFamily(
                kn: kn, base: base, halfWidth: parameters.halfWidth, random: &generator))
        #expect(family.small == nil)
        for _ in 0..<4 {
            let (a, b, c) = (family.a, family.b, family.c)
            #expect(b * b - BigInt(kn) == a * c)
            for index in stride(from: 2, to: base.primes.count, by: 97)
            where family.firstRoot[index] != PolynomialFamily.noRoot {
                let x = BigInt(Int(family.secondRoot[index]) - family.halfWidth)
                #expect(((a * x + 2 * b) * x + c) % BigInt(base.primes[index]) == 0)
            }
            let moved = family.next()
            #expect(moved)
        }
    }

    @Test func aCycleOfPartialRelationsIsARelationWithEveryLargePrimeSquared() {
        var graph = LargePrimeGraph()
        func partial(_ primes: [UInt64]) -> SieveRelation {
            SieveRelation(y: BigUInt(primes.reduce(1, *)), factors: [], largePrimes: primes)
        }
        // 1–101 then 1–101 again: a cycle of two.
        #expect(graph.add(partial([101])) == nil)
        let pair = graph.add(partial([101]))
        #expect(pair?.largePrimes.sorted() == [101, 101])
        // 103–107, 1–103, then 1–107 closes the cycle 1–103–107–1.
        #expect(graph.add(partial([103, 107])) == nil)
        #expect(graph.add(partial([103])) == nil)
        let triangle = graph.add(partial([107]))
        #expect(triangle?.largePrimes.sorted() == [103, 103, 107, 107])
        #expect(triangle?.ys.reduce(1, *) == BigUInt(103 * 107 * 103 * 107))
        // 109–113 and 127–131 apart, then 113–127 joins them without a cycle.
        #expect(graph.add(partial([109, 113])) == nil)
        #expect(graph.add(partial([127, 131])) == nil)
        #expect(graph.add(partial([113, 127])) == nil)
        let long = graph.add(partial([109, 131]))
        #expect(long?.largePrimes.sorted() == [109, 109, 113, 113, 127, 127, 131, 131])
        #expect(graph.cycles == 3)
    }

    @Test(arguments: 0..<6)
    func splitsAProductOfTwoPrimesOfEqualSize(index: Int) throws {
        let (n, p) = Self.semiprimes[index]
        let divisor = try #require(SelfInitialisingSieve.divisor(of: n, threads: 1), "\(n)")
        #expect(divisor == p || divisor == n / p, "\(n)")
    }

    @Test func severalThreadsFindTheSameFactors() throws {
        let (n, p) = Self.semiprimes[4]
        let divisor = try #require(SelfInitialisingSieve.divisor(of: n, threads: 3))
        #expect(divisor == p || divisor == n / p)
    }

    @Test func reportsItsProgressAsRelationsAreFound() throws {
        let (n, _) = Self.semiprimes[3]
        let reports = ProgressSpy()
        _ = try #require(
            SelfInitialisingSieve.divisor(of: n, threads: 1, progress: reports.record))
        let all = reports.all
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { $0.needed > 0 && $0.found <= $0.needed + 64 })
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.found <= $1.found })
        #expect(all.last?.stage == .linearAlgebra)
    }

    /// A factor base too small to make an a of the size wanted: the sieve gives up (the curves
    /// take over), where its threads would look for a family for ever.
    @Test func givesUpWhenNoFamilyCanBeMade() {
        let tiny = SieveParameters(
            primes: 8, blocks: 1, largePrimeMultiplier: 40, doubleLargePrimes: false)
        #expect(
            SelfInitialisingSieve.divisor(
                of: Self.semiprimes[0].n, threads: 2, parameters: tiny) == nil)
    }

    @Test(arguments: [BigUInt(1) << 120, BigUInt(2) * BigUInt(1_000_000_000_000_000_003 as UInt64)])
    func refusesEvenNumbers(n: BigUInt) {
        #expect(SelfInitialisingSieve.divisor(of: n, threads: 1) == nil)
    }
}

/// Records every progress report.
final class ProgressSpy: Sendable {
    private let reports = Mutex<[SieveProgress]>([])

    var all: [SieveProgress] { reports.withLock { $0 } }

    func record(_ progress: SieveProgress) { reports.withLock { $0.append(progress) } }
}
