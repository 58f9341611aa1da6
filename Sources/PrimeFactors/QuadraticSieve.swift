/// The multiple-polynomial quadratic sieve, for composites of 64 to 128 bits with no factor
/// below 2^14: where the elliptic-curve method's time depends on the size of the smallest
/// factor (and on luck, curve by curve), the sieve's depends only on the size of the number.
///
/// Relations (ax + b)² ≡ a·Q(x) (mod kN) are collected from polynomials Q(x) = ax² + 2bx + c
/// with a = q² (q a prime with kN a square modulo q, so that a's square root is known): values
/// of Q over [-M, M) are sieved with the logarithms of the factor base's primes, and those that
/// come close to their size are divided out. A value left with one prime above the factor base
/// (the large prime) is kept until another shares it. When there are more relations than
/// primes, a set of them whose product is a square gives X² ≡ Y² (mod N), and gcd(X − Y, N)
/// a divisor in half the cases.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
enum QuadraticSieve {
    /// Small odd multipliers k, for a kN with many small primes among its quadratic residues
    /// (Knuth–Schroeppel).
    static let multipliers: [Int] = [
        1, 3, 5, 7, 11, 13, 15, 17, 19, 21, 23, 29, 31, 33, 35, 37, 39, 41, 43, 47, 51, 53, 55,
        57, 59, 61, 67, 69, 71, 73,
    ]

    /// Bytes after the sieve, which no prime's stride may reach.
    private static let guardBytes = 8

    /// Primes in the factor base and the half-width M of the sieve, by the number's bits: swept
    /// on products of two primes of equal size here (a narrower sieve at 90 to 99 bits, a
    /// larger base at 100 to 108, each 2 to 6% less time than before).
    static func parameters(bits: Int) -> (primes: Int, halfWidth: Int) {
        switch bits {
        case ..<80: (80, 16_384)
        case ..<90: (110, 16_384)
        case ..<100: (150, 16_384)
        case ..<110: (250, 32_768)
        case ..<120: (280, 32_768)
        default: (380, 65_536)
        }
    }

    /// The Knuth–Schroeppel multiplier for `n`: the k maximising the expected contribution of
    /// small primes to the values sieved, less half of log k (values grow with √k), among those
    /// for which kN fits in 128 bits.
    static func multiplier(for n: UInt128) -> Int {
        // (Compared rather than multiplied with overflow reported: that multiplication made
        // the compiler stop inlining the full-width one the curves use.)
        multiplier(
            allowed: { UInt128($0) <= UInt128.max / n }, residue: { Int(n % UInt128($0)) })
    }

    /// The multiplier for the number whose remainder modulo each small m `residue` gives,
    /// among the first ones `allowed` takes.
    static func multiplier(allowed: (Int) -> Bool = { _ in true }, residue: (Int) -> Int)
        -> Int
    {
        var best = (k: 1, score: -Double.infinity)
        // The number's Legendre symbols once, not once for every multiplier: (kN/p) is
        // (k/p)·(N/p), and each (k/p) is in `multiplierSymbols` (0 where p divides k or N).
        let symbols = scoredPrimes.map { prime in legendre(residue(prime.p), prime.p) }
        let eighth = residue(8)
        for (index, k) in multipliers.enumerated() {
            if !allowed(k) { break }
            var score = -0.5 * log2(Double(k))
            switch k * eighth % 8 {
            case 1: score += 2
            case 5: score += 1
            default: score += 0.5
            }
            for (prime, (symbol, kSymbol)) in zip(
                scoredPrimes, zip(symbols, multiplierSymbols[index]))
            {
                if symbol == 0 || kSymbol == 0 {
                    score += prime.dividing
                } else if symbol == kSymbol {
                    score += prime.square
                }
            }
            if score > best.score { best = (k, score) }
        }
        return best.k
    }

    /// (k/p) for each multiplier k (a row each, in `multipliers`' order) and each scored prime p.
    private static let multiplierSymbols: [[Int]] = multipliers.map { k in
        scoredPrimes.map { legendre(k % $0.p, $0.p) }
    }

    /// The primes a multiplier is scored on, with what each adds when it divides kN, and when
    /// kN is a square modulo it (its two roots).
    private static let scoredPrimes: [(p: Int, dividing: Double, square: Double)] =
        smallPrimes.prefix(60).map { p in
            (p, log2(Double(p)) / Double(p), 2 * log2(Double(p)) / Double(p - 1))
        }

    /// A divisor of `n` other than 1 and `n`, or nil if none was found (never for an odd
    /// composite of 40 to 128 bits that is not a prime power and has no factor below 2^14).
    static func divisor(of n: UInt128) -> UInt128? {
        divisorAndWork(of: n).divisor
    }

    /// The divisor, how many polynomials were sieved to find it and how many positions the
    /// sieve handed on to be divided out (its candidates): the sieve's work, which its tests hold
    /// to a budget (a worse threshold, logarithm or filter still finds the divisor, later or
    /// after dividing out more values for nothing).
    static func divisorAndWork(of n: UInt128) -> (
        divisor: UInt128?, polynomials: Int, candidates: Int
    ) {
        var work = (polynomials: 0, candidates: 0)
        let divisor = divisor(of: n, work: &work)
        return (divisor, work.polynomials, work.candidates)
    }

    private static func divisor(
        of n: UInt128, work: inout (polynomials: Int, candidates: Int)
    ) -> UInt128? {
        guard n & 1 == 1, n >> 40 != 0 else { return nil }
        // The sieve cannot split a perfect power: every congruence of squares it finds is
        // then X ≡ ±Y.
        if let (root, _) = WideFactorization.perfectPower(n) { return root }
        let k = multiplier(for: n)
        let kn = UInt128(k) &* n
        let (size, halfWidth) = parameters(bits: n.significantBitCount)
        let base = FactorBase(kn: kn, size: size)
        if let divisor = base.divisor(of: n) { return divisor }
        var collector = RelationCollector(n: n, base: base)
        var polynomials = PolynomialSource(
            kn: kn, halfWidth: halfWidth, largestPrime: base.primes.last!)
        // The sieve and, past its end, a guard that sieving must leave zero.
        var sieve = [UInt8](repeating: 0, count: 2 * halfWidth + guardBytes)
        // The next polynomials, drawn `batch` at a time so that their a's inverses modulo each
        // prime take one inversion (`inverseTable`), and the next of them to sieve.
        var pending: [QuadraticPolynomial] = []
        var inverses: [Int] = []
        var next = 0
        for _ in 0..<100_000 {
            if next == pending.count {
                pending.removeAll(keepingCapacity: true)
                while pending.count < batch, let polynomial = polynomials.next() {
                    pending.append(polynomial)
                }
                guard !pending.isEmpty else { return nil }
                inverses = inverseTable(pending.map { Int($0.a) }, primes: base.primes, from: 2)
                next = 0
            }
            let polynomial = pending[next]
            work.polynomials += 1
            work.candidates += collect(
                polynomial, inverses: inverses, row: next, base: base, halfWidth: halfWidth,
                sieve: &sieve, into: &collector)
            next += 1
            if collector.relations.count > base.primes.count + 24 {
                if let divisor = collector.divisor() { return divisor }
                collector.relations.removeFirst(min(32, collector.relations.count))
            }
        }
        return nil
    }

    /// Polynomials drawn at once, for their inverses.
    private static let batch = 8

    /// Sieves one polynomial's values and keeps the relations among them, given a⁻¹ modulo
    /// each prime of the base in row `row` of `inverses` (`inverseTable`); returns how many
    /// positions it examined.
    private static func collect(
        _ polynomial: QuadraticPolynomial, inverses: [Int], row: Int, base: FactorBase,
        halfWidth: Int, sieve: inout [UInt8], into collector: inout RelationCollector
    ) -> Int {
        let count = base.primes.count
        precondition(
            2 * halfWidth <= FactorBase.remainderBound / base.primes[count - 1],
            "a position's remainder by a prime of the base is found by multiplication")
        var first = [Int](repeating: 0, count: count)
        var second = [Int](repeating: 0, count: count)
        // b < a = q² fits in 64 bits (q is below 2^31): its remainders by 64-bit division.
        let wholeB = UInt64(polynomial.b)
        for index in 2..<count {
            let p = base.primes[index]
            let inverse = inverses[row * count + index]
            guard inverse >= 0 else {
                first[index] = -1
                second[index] = -1
                continue
            }
            let b = Int(wholeB % UInt64(p))
            let root = base.roots[index]
            first[index] = ((root - b + p) % p * inverse + halfWidth) % p
            second[index] = ((p - root - b + p) % p * inverse + halfWidth) % p
        }
        let logQ = log2(Double(halfWidth)) + 0.5 * log2(Double(polynomial.kn)) - 0.5
        let threshold = logQ - 1.9 * log2(Double(base.primes.last!))
        let start = UInt8(max(0, min(127, 128 - Int(threshold.rounded()))))
        sieve.withUnsafeMutableBufferPointer { whole in
            let sieve = UnsafeMutableBufferPointer(rebasing: whole[..<(2 * halfWidth)])
            sieve.update(repeating: start)
            for index in base.firstSieved..<count where first[index] >= 0 {
                let p = base.primes[index]
                let logarithm = base.logarithms[index]
                var position = first[index]
                while position < sieve.count {
                    sieve[position] &+= logarithm
                    position += p
                }
                if second[index] == first[index] { continue }
                position = second[index]
                while position < sieve.count {
                    sieve[position] &+= logarithm
                    position += p
                }
            }
        }
        precondition(
            sieve[(2 * halfWidth)...].allSatisfy { $0 == 0 }, "the sieve wrote past its end")
        return sieve.withUnsafeBytes { whole in
            var examined = 0
            let bytes = UnsafeRawBufferPointer(rebasing: whole[..<(2 * halfWidth)])
            SieveScan.forEachMarked(in: bytes) { position in
                collector.examine(
                    x: position - halfWidth, polynomial: polynomial, position: position,
                    first: first, second: second)
                examined += 1
            }
            return examined
        }
    }

    // MARK: - Small-number arithmetic for the factor base

    /// The base-2 logarithm of a positive `x`, to within 2·10⁻⁵ (the sieve needs no more, and
    /// this module does without the C library): the exponent, plus log₂ of the significand m
    /// as 2·atanh((m − 1)/(m + 1)) / ln 2 from four terms of its series.
    static func log2(_ x: Double) -> Double {
        let m = x.significand
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        let atanh = s * (1 + s2 * (1.0 / 3 + s2 * (1.0 / 5 + s2 / 7)))
        return Double(x.exponent) + 2 * atanh / 0.693_147_180_559_945_3
    }

    /// Odd primes below 2^16.
    static let smallPrimes: [Int] = {
        let limit = 1 << 16
        var isComposite = [Bool](repeating: false, count: limit)
        var primes: [Int] = []
        for candidate in stride(from: 3, to: limit, by: 2) where !isComposite[candidate] {
            primes.append(candidate)
            for multiple in stride(from: candidate * candidate, to: limit, by: 2 * candidate) {
                isComposite[multiple] = true
            }
        }
        return primes
    }()

    static func power(_ base: Int, _ exponent: Int, _ p: Int) -> Int {
        var result = 1
        var base = base % p
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = result * base % p }
            base = base * base % p
            exponent >>= 1
        }
        return result
    }

    /// The Legendre symbol (a/p) of an odd prime p: the Jacobi symbol, which equals it there.
    static func legendre(_ a: Int, _ p: Int) -> Int {
        WideNumbers.jacobi(UInt(a), UInt(p))
    }

    /// `a⁻¹ mod p`, or nil when p divides a.
    static func inverse(_ a: Int, _ p: Int) -> Int? {
        WideNumbers.inverse(UInt(a % p), modulo: UInt(p)).map { Int($0) }
    }

    /// Each value's inverse modulo each of `primes` from `first` on, -1 where the prime
    /// divides it (and before `first`): a row of `primes.count` per value. One inversion per
    /// prime for all the values (Montgomery's trick): the running products' last is inverted,
    /// and each value's inverse is peeled off it from the end.
    static func inverseTable(_ values: [Int], primes: [Int], from first: Int) -> [Int] {
        let count = primes.count
        var table = [Int](repeating: -1, count: count * values.count)
        var products = [Int](repeating: 1, count: values.count)
        var residues = [Int](repeating: 0, count: values.count)
        for index in first..<count {
            let p = primes[index]
            var product = 1
            for row in values.indices {
                let residue = values[row] % p
                residues[row] = residue
                if residue != 0 { product = product * residue % p }
                products[row] = product
            }
            guard var inverse = inverse(product, p) else { continue }
            for row in values.indices.reversed() where residues[row] != 0 {
                table[row * count + index] = (row == 0 ? 1 : products[row - 1]) * inverse % p
                inverse = inverse * residues[row] % p
            }
        }
        return table
    }

    /// A square root of the quadratic residue `a` modulo the odd prime `p` (Tonelli–Shanks).
    static func squareRoot(_ a: Int, _ p: Int) -> Int {
        let a = a % p
        if a == 0 { return 0 }
        if p % 4 == 3 { return power(a, (p + 1) / 4, p) }
        var (q, s) = (p - 1, 0)
        while q % 2 == 0 {
            q /= 2
            s += 1
        }
        var z = 2
        while legendre(z, p) != -1 { z += 1 }
        var (m, c, t, r) = (s, power(z, q, p), power(a, q, p), power(a, (q + 1) / 2, p))
        while t != 1 {
            var i = 0
            var t2 = t
            while t2 != 1 {
                t2 = t2 * t2 % p
                i += 1
            }
            var b = c
            for _ in 0..<(m - i - 1) { b = b * b % p }
            m = i
            c = b * b % p
            t = t * c % p
            r = r * b % p
        }
        return r
    }
}
