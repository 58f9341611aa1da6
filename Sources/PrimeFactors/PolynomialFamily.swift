import BigInt

/// The self-initialising sieve's polynomials for one `a`: a is a product of s primes of the
/// factor base, as close as they come to √(2kN) / M (which keeps the values over [-M, M)
/// smallest); its B values B₁ … Bₛ (Bₗ² ≡ kN modulo qₗ, and 0 modulo the other q's) give
/// 2^(s−1) values b = ±B₁ ± … ± Bₛ with b² ≡ kN (mod a), and so as many polynomials
/// g(x) = ax² + 2bx + c, (ax + b)² − kN = a·g(x). They are taken in Gray-code order: each b
/// differs from the one before in the sign of one B, so each prime's roots move by a step
/// computed once per `a`, two additions rather than an inverse and products per polynomial.
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
    private(set) var b: BigInt
    private(set) var c: BigInt
    /// Which of the family's polynomials this is, from 0.
    private(set) var number = 0
    /// Each prime's roots, as sieve positions (x + M) modulo the prime; `noRoot` when not
    /// sieved. The same when the prime divides kN.
    private(set) var firstRoot: [UInt32]
    private(set) var secondRoot: [UInt32]
    private let bValues: [BigInt]
    /// The factor base's primes, as the roots' arithmetic takes them.
    private let primes: [UInt32]
    /// `steps[l][i]`: 2·Bₗ·a⁻¹ modulo prime i, by which its roots move when Bₗ changes sign.
    private let steps: [[UInt32]]

    /// A family for `kn` with primes of `base` chosen at random (by `random`); nil when the
    /// base holds too few primes to make an a of the size wanted.
    init?(kn: BigUInt, base: FactorBase, halfWidth: Int, random: inout some RandomNumberGenerator) {
        guard
            let indices = Self.chooseFactors(
                kn: kn, base: base, halfWidth: halfWidth, random: &random)
        else { return nil }
        let a = indices.reduce(BigInt(1)) { $0 * BigInt(base.primes[$1]) }
        var bValues: [BigInt] = []
        for index in indices {
            let q = base.primes[index]
            let rest = a / BigInt(q)
            let restModQ = Int((rest % BigInt(q) + BigInt(q)) % BigInt(q))
            guard let inverse = QuadraticSieve.inverse(restModQ, q) else { return nil }
            var gamma = base.roots[index] * inverse % q
            if gamma > q / 2 { gamma = q - gamma }
            bValues.append(rest * BigInt(gamma))
        }
        let b = bValues.reduce(BigInt(0), +)
        let square = b * b - BigInt(kn)
        guard square % a == 0 else { return nil }
        self.kn = kn
        self.halfWidth = halfWidth
        self.a = a
        self.factorIndices = indices
        self.count = 1 << (indices.count - 1)
        self.bValues = bValues
        self.b = b
        self.c = square / a
        let primeCount = base.primes.count
        var first = [UInt32](repeating: Self.noRoot, count: primeCount)
        var second = [UInt32](repeating: Self.noRoot, count: primeCount)
        var steps = [[UInt32]](
            repeating: [UInt32](repeating: 0, count: primeCount), count: indices.count)
        let chosen = Set(indices)
        let bMagnitude = b.magnitude
        for index in 2..<primeCount where !chosen.contains(index) {
            let p = base.primes[index]
            let aModP = Int(a.magnitude.remainder(dividingBy: UInt64(p)))
            guard let inverse = QuadraticSieve.inverse(aModP, p) else { continue }
            var bModP = Int(bMagnitude.remainder(dividingBy: UInt64(p)))
            if b.sign == .minus { bModP = (p - bModP) % p }
            let root = base.roots[index]
            let m = halfWidth % p
            first[index] = UInt32(((root - bModP + p) % p * inverse + m) % p)
            second[index] = UInt32(((2 * p - root - bModP) % p * inverse + m) % p)
            for (l, value) in bValues.enumerated() {
                var valueModP = Int(value.magnitude.remainder(dividingBy: UInt64(p)))
                if value.sign == .minus { valueModP = (p - valueModP) % p }
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
        // b changes by 2·e·B_v, e = (−1)^⌈number / 2^(v+1)⌉, and each root by −e·step.
        let plus = (number >> v) & 3 == 3
        b += plus ? 2 * bValues[v] : -2 * bValues[v]
        c = (b * b - BigInt(kn)) / a
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

    /// (r − s) mod p, for r and s in [0, p].
    @inline(__always)
    private static func subtract(_ s: UInt32, from r: UInt32, modulo p: UInt32) -> UInt32 {
        r >= s ? r - s : r &+ p &- s
    }

    /// s primes of the base whose product is about √(2kN) / M: s − 1 at random from those of
    /// the size that makes s of them that product, and the last the one that brings it
    /// closest.
    private static func chooseFactors(
        kn: BigUInt, base: FactorBase, halfWidth: Int, random: inout some RandomNumberGenerator
    ) -> [Int]? {
        let targetBits =
            (Double(kn.bitWidth) + 1) / 2 - QuadraticSieve.log2(Double(halfWidth))
        guard targetBits > 16 else { return nil }
        let count = max(3, Int((targetBits / 11).rounded()))
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
