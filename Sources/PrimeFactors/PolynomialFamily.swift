import BigInt

/// The self-initialising sieve's polynomials for one `a`: a is a product of s primes of the
/// factor base, as close as they come to √(2kN) / M (which keeps the values over [-M, M)
/// smallest); its B values B₁ … Bₛ (Bₗ² ≡ kN modulo qₗ, and 0 modulo the other q's) give
/// 2^(s−1) values b = ±B₁ ± … ± Bₛ with b² ≡ kN (mod a), and so as many polynomials
/// g(x) = ax² + 2bx + c, (ax + b)² − kN = a·g(x). They are taken in Gray-code order: each b
/// differs from the one before in the sign of one B, so each prime's roots move by a step
/// computed once per `a`, two additions rather than an inverse and products per polynomial,
/// and c by 2γ(2b + d)/q (d the change of b, Bₗ = γ·a/qₗ), without a division by a.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct PolynomialFamily {
    /// The root of a prime that is not sieved: a q, or one the base leaves out.
    static let noRoot = UInt32.max

    let kn: BigUInt
    let halfWidth: Int
    let a: BigInt
    /// The factor base indices of a's primes.
    let factorIndices: [Int]
    /// How many polynomials the family has: 2^(s−1).
    let count: Int
    /// Which of the family's polynomials this is, from 0.
    private(set) var number = 0
    /// Each prime's roots, as sieve positions (x + M) modulo the prime; `noRoot` when not
    /// sieved. The same when the prime divides kN.
    private(set) var firstRoot: [UInt32]
    private(set) var secondRoot: [UInt32]
    /// a, b and c as 128-bit integers, when every value of g over the sieve fits in one
    /// (below 2^126 in size: kN of up to about 215 bits), for the candidates' arithmetic.
    private(set) var small: (a: Int128, b: Int128, c: Int128)?
    /// b and c when they do not fit (`small` is nil).
    private var wideB: BigInt
    private var wideC: BigInt
    private let bValues: [BigInt]
    /// Each Bₗ's γ (Bₗ = γ·a/qₗ) and qₗ, and Bₗ, as 128-bit integers when `small`.
    private let smallSteps: [(gamma: Int128, q: Int128, b: Int128)]
    /// `steps[l][i]`: 2·Bₗ·a⁻¹ modulo prime i, by which its roots move when Bₗ changes sign.
    private let steps: [[UInt32]]
    /// The factor base's primes, as the roots' arithmetic takes them.
    private let primes: [UInt32]

    var b: BigInt { small.map { BigInt($0.b) } ?? wideB }
    var c: BigInt { small.map { BigInt($0.c) } ?? wideC }

    /// A family for `kn` with primes of `base` chosen at random (by `random`); nil when the
    /// base holds too few primes to make an a of the size wanted.
    init?(kn: BigUInt, base: FactorBase, halfWidth: Int, random: inout some RandomNumberGenerator) {
        guard
            let indices = Self.chooseFactors(
                kn: kn, base: base, halfWidth: halfWidth, random: &random)
        else { return nil }
        self.init(kn: kn, base: base, halfWidth: halfWidth, factors: indices)
    }

    /// The family whose a is the product of the primes of `base` at `indices`.
    init?(kn: BigUInt, base: FactorBase, halfWidth: Int, factors indices: [Int]) {
        let a = indices.reduce(BigInt(1)) { $0 * BigInt(base.primes[$1]) }
        var bValues: [BigInt] = []
        var gammas: [Int] = []
        for index in indices {
            let q = base.primes[index]
            let rest = a / BigInt(q)
            let restModQ = Int(rest.magnitude.remainder(dividingBy: UInt64(q)))
            guard let inverse = QuadraticSieve.inverse(restModQ, q) else { return nil }
            var gamma = base.roots[index] * inverse % q
            if gamma > q / 2 { gamma = q - gamma }
            gammas.append(gamma)
            bValues.append(rest * BigInt(gamma))
        }
        let b = bValues.reduce(BigInt(0), +)
        let square = b * b - BigInt(kn)
        guard square % a == 0 else { return nil }
        let c = square / a
        self.kn = kn
        self.halfWidth = halfWidth
        self.a = a
        self.factorIndices = indices
        self.count = 1 << (indices.count - 1)
        self.bValues = bValues
        wideB = b
        wideC = c
        small = Self.small(a: a, b: b, c: c, kn: kn, halfWidth: halfWidth)
        smallSteps =
            small == nil
            ? []
            : zip(zip(gammas, indices), bValues).map { pair, value in
                (Int128(pair.0), Int128(base.primes[pair.1]), Self.int128(value)!)
            }
        let primeCount = base.primes.count
        var first = [UInt32](repeating: Self.noRoot, count: primeCount)
        var second = [UInt32](repeating: Self.noRoot, count: primeCount)
        var steps = [[UInt32]](
            repeating: [UInt32](repeating: 0, count: primeCount), count: indices.count)
        let chosen = Set(indices)
        let bMagnitude = b.magnitude
        let aMagnitude = a.magnitude
        // Every B is positive (γ is, and a/q), so its remainder is its magnitude's.
        let valueMagnitudes = bValues.map(\.magnitude)
        for index in 2..<primeCount where !chosen.contains(index) {
            let p = base.primes[index]
            let aModP = Int(aMagnitude.remainder(dividingBy: UInt64(p)))
            guard let inverse = QuadraticSieve.inverse(aModP, p) else { continue }
            var bModP = Int(bMagnitude.remainder(dividingBy: UInt64(p)))
            if b.sign == .minus { bModP = (p - bModP) % p }
            let root = base.roots[index]
            let m = halfWidth % p
            first[index] = UInt32(((root - bModP + p) % p * inverse + m) % p)
            second[index] = UInt32(((2 * p - root - bModP) % p * inverse + m) % p)
            for (l, magnitude) in valueMagnitudes.enumerated() {
                let valueModP = Int(magnitude.remainder(dividingBy: UInt64(p)))
                steps[l][index] = UInt32(2 * valueModP % p * inverse % p)
            }
        }
        firstRoot = first
        secondRoot = second
        self.steps = steps
        primes = base.primes.map { UInt32($0) }
    }

    /// Moves to the family's next polynomial; false after the last.
    mutating func next() -> Bool {
        guard number + 1 < count else { return false }
        number += 1
        let v = number.trailingZeroBitCount
        // b changes by d = 2·e·B_v, e = (−1)^⌈number / 2^(v+1)⌉, and each root by −e·step.
        let plus = (number >> v) & 3 == 3
        if let (a, b, c) = small {
            let (gamma, q, value) = smallSteps[v]
            let d = plus ? 2 * value : -2 * value
            // c' − c = d(2b + d)/a = ±2γ(2b + d)/q, exactly.
            let change = 2 * gamma * ((2 * b + d) / q)
            small = (a, b + d, plus ? c + change : c - change)
        } else {
            wideB += plus ? 2 * bValues[v] : -2 * bValues[v]
            wideC = (wideB * wideB - BigInt(kn)) / a
        }
        let step = steps[v]
        firstRoot.withUnsafeMutableBufferPointer { first in
            secondRoot.withUnsafeMutableBufferPointer { second in
                step.withUnsafeBufferPointer { step in
                    primes.withUnsafeBufferPointer { primes in
                        for index in 0..<first.count where first[index] != Self.noRoot {
                            let (s, p) = (step[index], primes[index])
                            if plus {
                                first[index] = Self.subtract(s, from: first[index], modulo: p)
                                second[index] = Self.subtract(s, from: second[index], modulo: p)
                            } else {
                                first[index] = Self.subtract(p - s, from: first[index], modulo: p)
                                second[index] = Self.subtract(
                                    p - s, from: second[index], modulo: p)
                            }
                        }
                    }
                }
            }
        }
        return true
    }

    /// a, b and c as 128-bit integers, if |g(x)| < 3·M·√kN (its bound over [-M, M)) is below
    /// 2^126.
    private static func small(a: BigInt, b: BigInt, c: BigInt, kn: BigUInt, halfWidth: Int)
        -> (a: Int128, b: Int128, c: Int128)?
    {
        let bound = 2 + QuadraticSieve.log2(Double(halfWidth)) + Double(kn.bitWidth) / 2
        guard bound < 126, let a = int128(a), let b = int128(b), let c = int128(c) else {
            return nil
        }
        return (a, b, c)
    }

    /// `value` as a 128-bit integer, if it fits. (From its magnitude: `BigInt`'s words do not
    /// give a negative value as two's complement, which `Int128(exactly:)` reads them as.)
    private static func int128(_ value: BigInt) -> Int128? {
        guard let magnitude = Int128(exactly: value.magnitude) else { return nil }
        return value.sign == .minus ? -magnitude : magnitude
    }

    /// (r − s) mod p, for r and s in [0, p].
    @inline(__always)
    private static func subtract(_ s: UInt32, from r: UInt32, modulo p: UInt32) -> UInt32 {
        r >= s ? r - s : r &+ p &- s
    }

    /// s primes of the base whose product is about √(2kN) / M: s − 1 at random from those of
    /// the size that makes s of them that product, and the last the one that brings it
    /// closest.
    static func chooseFactors(
        kn: BigUInt, base: FactorBase, halfWidth: Int, random: inout some RandomNumberGenerator
    ) -> [Int]? {
        let targetBits =
            (Double(kn.bitWidth) + 1) / 2 - QuadraticSieve.log2(Double(halfWidth))
        guard targetBits > 16 else { return nil }
        // Primes of about 11 bits, or smaller when the base's are.
        let largestBits = QuadraticSieve.log2(Double(base.primes.last!)) - 0.5
        let count = max(3, Int((targetBits / min(11, largestBits)).rounded(.up)))
        let eachBits = targetBits / Double(count)
        let lowest = max(base.firstSieved, 3)
        var pool = (lowest..<base.primes.count).filter { index in
            let bits = QuadraticSieve.log2(Double(base.primes[index]))
            return abs(bits - eachBits) <= 1 && base.roots[index] != 0
        }
        if pool.count < 2 * count {
            pool = (max(lowest, base.primes.count / 2)..<base.primes.count).filter {
                base.roots[$0] != 0
            }
        }
        guard pool.count >= count else { return nil }
        var chosen: [Int] = []
        var product = 0.0
        while chosen.count < count - 1 {
            let index = pool[Int.random(in: 0..<pool.count, using: &random)]
            if chosen.contains(index) { continue }
            chosen.append(index)
            product += QuadraticSieve.log2(Double(base.primes[index]))
        }
        let wanted = targetBits - product
        var best: (index: Int, distance: Double)?
        for index in lowest..<base.primes.count
        where !chosen.contains(index) && base.roots[index] != 0 {
            let distance = abs(QuadraticSieve.log2(Double(base.primes[index])) - wanted)
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        guard let best else { return nil }
        return (chosen + [best.index]).sorted()
    }
}
