import BigInt
import Testing

@testable import PrimeFactors

/// The quadratic sieve's relations on their own, checked in arbitrary precision and against the
/// tests' own trial division: which values are kept, that each kept relation is a true
/// congruence X² ≡ (product of squares)² · (signed product of primes) (mod N), and that sets of
/// them whose product is a square give a divisor.
@Suite("The quadratic sieve's relations")
struct RelationCollectorTests {
    static let n = UInt128(4_294_967_311) * 4_294_967_357
    static let halfWidth = 16_384

    struct Setting {
        let base: FactorBase
        let polynomials: [QuadraticPolynomial]
    }

    /// The factor base and the first `count` polynomials the sieve would use for n.
    static func setting(polynomials count: Int) -> Setting {
        let kn = UInt128(QuadraticSieve.multiplier(for: n)) * n
        let base = FactorBase(kn: kn, size: 80)
        var source = PolynomialSource(
            kn: kn, halfWidth: halfWidth, largestPrime: base.primes.last!)
        return Setting(base: base, polynomials: (0..<count).compactMap { _ in source.next() })
    }

    /// Every prime of the base to be tried on every value (no root says which divide it).
    static func unknownRoots(_ base: FactorBase) -> [Int] {
        [Int](repeating: -1, count: base.primes.count)
    }

    /// The two positions modulo each prime where it divides the polynomial's value (-1 where
    /// none), found by trying every one: the roots the sieve computes, found without it.
    static func roots(of polynomial: QuadraticPolynomial, base: FactorBase) -> (
        first: [Int], second: [Int]
    ) {
        var first = unknownRoots(base)
        var second = first
        for index in 2..<base.primes.count {
            let p = base.primes[index]
            let hits = (0..<p).filter { polynomial.value(at: $0 - halfWidth) % Int128(p) == 0 }
            first[index] = hits.first ?? -1
            second[index] = hits.last ?? -1
        }
        return (first, second)
    }

    /// Examines x in `range`, every prime tried or (`byRoots`) those the roots name.
    static func collect(
        _ setting: Setting, polynomial index: Int, range: Range<Int>, byRoots: Bool = false,
        into collector: inout RelationCollector
    ) {
        let polynomial = setting.polynomials[index]
        let (first, second) =
            byRoots
            ? roots(of: polynomial, base: setting.base)
            : (unknownRoots(setting.base), unknownRoots(setting.base))
        for x in range {
            collector.examine(
                x: x, polynomial: polynomial, position: x + halfWidth, first: first,
                second: second)
        }
    }

    /// x² mod N, and the product the relation says it equals, mod N.
    static func sides(of relation: RelationCollector.Relation, base: FactorBase) -> (
        BigInt, BigInt
    ) {
        let modulus = BigInt(n)
        let left = BigInt(relation.x) * BigInt(relation.x) % modulus
        var right = relation.squares.reduce(BigInt(1)) { $0 * BigInt($1) * BigInt($1) % modulus }
        for factor in relation.factors {
            right = factor == 0 ? modulus - right : right * BigInt(base.primes[factor]) % modulus
        }
        return (left, right % modulus)
    }

    @Test func keepsOnlyTrueCongruences() {
        let setting = Self.setting(polynomials: 2)
        var collector = RelationCollector(n: Self.n, base: setting.base)
        Self.collect(setting, polynomial: 0, range: -4_096..<4_096, into: &collector)
        Self.collect(setting, polynomial: 1, range: -4_096..<4_096, into: &collector)
        #expect(collector.relations.count > 10)
        for relation in collector.relations {
            let (left, right) = Self.sides(of: relation, base: setting.base)
            #expect(left == right, "\(relation)")
            #expect(relation.x < Self.n)
            #expect(relation.factors.allSatisfy { setting.base.primes.indices.contains($0) })
        }
    }

    /// A value is kept when the base divides it out to 1 (a full relation), or to one prime
    /// below 64 times the base's largest, which waits for a second value with the same prime;
    /// the two then make one relation.
    @Test func keepsSmoothValuesAndPairsOfValuesWithTheSameLargePrime() {
        let setting = Self.setting(polynomials: 1)
        let polynomial = setting.polynomials[0]
        let primes = setting.base.primes.dropFirst().map { UInt128($0) }
        let bound = UInt128(setting.base.primes.last!) * 64
        var full = 0
        var partial: [UInt128: Int] = [:]
        for x in -8_192..<8_192 {
            var rest = polynomial.value(at: x).magnitude
            if rest == 0 { continue }
            for p in primes { while rest % p == 0 { rest /= p } }
            if rest == 1 { full += 1 } else if rest < bound { partial[rest, default: 0] += 1 }
        }
        let pairs = partial.values.reduce(0) { $0 + $1 / 2 }
        #expect(full > 0 && pairs > 0)

        var collector = RelationCollector(n: Self.n, base: setting.base)
        Self.collect(setting, polynomial: 0, range: -8_192..<8_192, into: &collector)
        #expect(collector.relations.count == full + pairs)
        #expect(collector.relations.filter { $0.squares.count == 1 }.count == full)
        #expect(collector.largePrimeBound == bound)
    }

    /// Where the roots say a prime divides the value at this position, it is divided out; where
    /// they say it does not, it is not tried.
    @Test func triesOnlyThePrimesWhoseRootsMeetThePosition() {
        let setting = Self.setting(polynomials: 1)
        let polynomial = setting.polynomials[0]
        let (first, second) = Self.roots(of: polynomial, base: setting.base)
        var byRoots = RelationCollector(n: Self.n, base: setting.base)
        var byTrying = RelationCollector(n: Self.n, base: setting.base)
        // Roots off by one: no odd prime is divided out, so only powers of 2 and the sign remain.
        var offByOne = RelationCollector(n: Self.n, base: setting.base)
        let shifted = first.map { $0 < 0 ? $0 : $0 + 1 }
        for x in -4_096..<4_096 {
            let position = x + Self.halfWidth
            byRoots.examine(
                x: x, polynomial: polynomial, position: position, first: first, second: second)
            byTrying.examine(
                x: x, polynomial: polynomial, position: position,
                first: Self.unknownRoots(setting.base), second: Self.unknownRoots(setting.base))
            offByOne.examine(
                x: x, polynomial: polynomial, position: position, first: shifted, second: shifted)
        }
        #expect(byRoots.relations.map(\.x) == byTrying.relations.map(\.x))
        #expect(byRoots.relations.map(\.factors) == byTrying.relations.map(\.factors))
        #expect(byRoots.relations.count > offByOne.relations.count)
    }

    /// More relations than primes: some set of them has a square product, and X ≢ ±Y gives a
    /// divisor.
    @Test func findsADivisorOnceThereAreMoreRelationsThanPrimes() throws {
        let setting = Self.setting(polynomials: 400)
        var collector = RelationCollector(n: Self.n, base: setting.base)
        var polynomial = 0
        while collector.relations.count <= setting.base.primes.count + 24 {
            Self.collect(
                setting, polynomial: polynomial, range: -Self.halfWidth..<Self.halfWidth,
                byRoots: true, into: &collector)
            polynomial += 1
        }
        let divisor = try #require(collector.divisor())
        #expect(divisor == 4_294_967_311 || divisor == 4_294_967_357)
    }

    /// Relations that only say 1² ≡ 1² give X = Y in every set: no divisor, rather than N.
    @Test func findsNoDivisorInTrivialSquares() {
        let setting = Self.setting(polynomials: 0)
        var collector = RelationCollector(n: Self.n, base: setting.base)
        collector.relations = (0..<5).map { _ in .init(x: 1, factors: [], squares: [1]) }
        #expect(collector.divisor() == nil)
    }

    /// Where kN is a square, m², the value is 0 at the x where ax + b = ±m: there is nothing to
    /// divide out (0 is divisible by every prime for ever), so it is skipped.
    @Test func skipsAValueOfZero() throws {
        let m = UInt128(ReferencePrimality.nextPrime(after: 1 << 30))
        let polynomial = try #require(QuadraticPolynomial(q: 1_019, kn: m * m))
        let zero = try #require((-4_096..<4_096).first { polynomial.value(at: $0) == 0 })
        var collector = RelationCollector(n: m * m, base: FactorBase(kn: m * m, size: 80))
        let roots = Self.unknownRoots(collector.base)
        for x in zero - 1...zero + 1 {
            collector.examine(
                x: x, polynomial: polynomial, position: x + Self.halfWidth, first: roots,
                second: roots)
        }
        #expect(collector.relations.allSatisfy { $0.x != polynomial.root(at: zero) % (m * m) })
    }

    /// A root of 0 names positions 0, p, 2p, …, as any other root does; only −1 (no root known)
    /// has every prime tried. A smooth value examined at position 1 with every root 0 has no odd
    /// prime divided out, so it is not kept.
    @Test func takesARootOf0AsAPositionNotAsUnknown() throws {
        let setting = Self.setting(polynomials: 1)
        var trying = RelationCollector(n: Self.n, base: setting.base)
        Self.collect(setting, polynomial: 0, range: -4_096..<4_096, into: &trying)
        let smooth = try #require(
            (-4_096..<4_096).first { x in
                trying.relations.contains {
                    $0.squares.count == 1 && $0.x == setting.polynomials[0].root(at: x) % Self.n
                        && $0.factors.contains { $0 > 1 }
                }
            })
        var zeroRoots = RelationCollector(n: Self.n, base: setting.base)
        let zeros = [Int](repeating: 0, count: setting.base.primes.count)
        zeroRoots.examine(
            x: smooth, polynomial: setting.polynomials[0], position: 1, first: zeros,
            second: zeros)
        #expect(zeroRoots.relations.isEmpty)
    }
}
