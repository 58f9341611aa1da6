import BigInt

/// One thread's sieving: a polynomial's values over [-M, M), block by block of L1's size, with
/// each prime's logarithm added where it divides them, and the positions that come close to the
/// values' size divided out into relations.
///
/// - Primes below 30 are not sieved (the small-prime variation): they hit every few bytes for
///   little, and the threshold allows for them.
/// - Primes below the block's size are sieved in each block from where the last left off.
/// - Larger primes hit a block at most a few times: for each polynomial they are sieved once
///   into a bucket per block (position and prime), which the block then adds up — and which,
///   kept, says which of them divide a candidate without a division (resieving).
/// - A candidate is divided by the small primes, by the middle ones whose roots it is at, and
///   by the large ones its bucket names; what is left is 1 (a full relation), a prime below the
///   large-prime bound, or with `doubleLargePrimes` a product of two such primes.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct SieveWorker {
    let n: BigUInt
    let base: FactorBase
    let parameters: SieveParameters
    /// A prime left over must be below this to be kept.
    let largePrimeBound: UInt64
    /// The first index whose prime is at least a block's size (bucket-sieved).
    private let firstBucketed: Int
    private let blockSize = SieveParameters.blockSize
    /// The byte each position starts at: 128 less the logarithm a value needs to be examined.
    private let start: UInt8
    private var block: [UInt8]
    private var buckets: [[UInt32]]
    private var nextFirst: [Int]
    private var nextSecond: [Int]
    /// Positions examined, for the tests' and the tuning's counts.
    private(set) var candidates = 0

    init(n: BigUInt, kn: BigUInt, base: FactorBase, parameters: SieveParameters) {
        self.n = n
        self.base = base
        self.parameters = parameters
        let largest = base.primes.last!
        largePrimeBound = UInt64(largest * parameters.largePrimeMultiplier)
        firstBucketed =
            base.primes.firstIndex { $0 >= SieveParameters.blockSize } ?? base.primes.count
        // The values' size at the ends, M·√(kN / 2), less what a large prime (or two) and the
        // unsieved small primes may leave.
        let valueBits =
            QuadraticSieve.log2(Double(parameters.halfWidth)) + (Double(kn.bitWidth) - 1.5) / 2
        let leftOver =
            QuadraticSieve.log2(Double(largePrimeBound))
            * (parameters.doubleLargePrimes ? 1.85 : 1.0) + 4
        let threshold = max(8, Int((valueBits - leftOver).rounded()))
        start = UInt8(max(1, 128 - min(threshold, 127)))
        block = [UInt8](repeating: 0, count: SieveParameters.blockSize + 8)
        buckets = Array(repeating: [], count: parameters.blocks)
        nextFirst = [Int](repeating: 0, count: base.primes.count)
        nextSecond = [Int](repeating: 0, count: base.primes.count)
    }

    /// Sieves `family`'s current polynomial and adds what it finds: full relations to `full`,
    /// partial ones to `partial`.
    mutating func sieve(
        _ family: PolynomialFamily, full: inout [SieveRelation], partial: inout [SieveRelation]
    ) {
        fillBuckets(family)
        let primeCount = base.primes.count
        for index in base.firstSieved..<firstBucketed {
            let root = family.firstRoot[index]
            guard root != PolynomialFamily.noRoot else {
                nextFirst[index] = Int.max
                nextSecond[index] = Int.max
                continue
            }
            nextFirst[index] = Int(root)
            let second = family.secondRoot[index]
            nextSecond[index] = second == root ? Int.max : Int(second)
        }
        _ = primeCount
        for blockIndex in 0..<parameters.blocks {
            let blockStart = blockIndex * blockSize
            let blockEnd = blockStart + blockSize
            let start = self.start
            block.withUnsafeMutableBufferPointer { block in
                let sieve = UnsafeMutableBufferPointer(rebasing: block[..<blockSize])
                sieve.update(repeating: start)
                base.primes.withUnsafeBufferPointer { primes in
                    base.logarithms.withUnsafeBufferPointer { logarithms in
                        nextFirst.withUnsafeMutableBufferPointer { nextFirst in
                            nextSecond.withUnsafeMutableBufferPointer { nextSecond in
                                for index in base.firstSieved..<firstBucketed {
                                    let p = primes[index]
                                    let logarithm = logarithms[index]
                                    var position = nextFirst[index]
                                    while position < blockEnd {
                                        sieve[position - blockStart] &+= logarithm
                                        position += p
                                    }
                                    nextFirst[index] = position
                                    position = nextSecond[index]
                                    while position < blockEnd {
                                        sieve[position - blockStart] &+= logarithm
                                        position += p
                                    }
                                    nextSecond[index] = position
                                }
                            }
                        }
                    }
                    buckets[blockIndex].withUnsafeBufferPointer { bucket in
                        base.logarithms.withUnsafeBufferPointer { logarithms in
                            for entry in bucket {
                                sieve[Int(entry & 0x7FFF)] &+= logarithms[Int(entry >> 15)]
                            }
                        }
                    }
                }
            }
            scan(blockIndex: blockIndex, family: family, full: &full, partial: &partial)
        }
    }

    /// Sieves the large primes into each block's bucket: (prime index << 15) | offset.
    private mutating func fillBuckets(_ family: PolynomialFamily) {
        for index in buckets.indices { buckets[index].removeAll(keepingCapacity: true) }
        let length = parameters.blocks * blockSize
        guard firstBucketed < base.primes.count else { return }
        for index in firstBucketed..<base.primes.count {
            let first = family.firstRoot[index]
            guard first != PolynomialFamily.noRoot else { continue }
            let p = base.primes[index]
            let second = family.secondRoot[index]
            let tag = UInt32(index) << 15
            var position = Int(first)
            while position < length {
                buckets[position >> 15].append(tag | UInt32(position & 0x7FFF))
                position += p
            }
            guard second != first else { continue }
            position = Int(second)
            while position < length {
                buckets[position >> 15].append(tag | UInt32(position & 0x7FFF))
                position += p
            }
        }
    }

    /// Examines each position of the block whose byte reached 128.
    private mutating func scan(
        blockIndex: Int, family: PolynomialFamily, full: inout [SieveRelation],
        partial: inout [SieveRelation]
    ) {
        var found: [Int] = []
        block.withUnsafeBytes { bytes in
            let words = UnsafeRawBufferPointer(rebasing: bytes[..<blockSize])
                .bindMemory(to: UInt64.self)
            for word in words.indices where words[word] & 0x8080_8080_8080_8080 != 0 {
                for offset in word * 8..<word * 8 + 8 where bytes[offset] & 0x80 != 0 {
                    found.append(offset)
                }
            }
        }
        for offset in found {
            candidates += 1
            examine(
                position: blockIndex * blockSize + offset, blockIndex: blockIndex,
                family: family, full: &full, partial: &partial)
        }
    }

    /// Divides out the value at `position` and keeps its relation, if it makes one.
    private func examine(
        position: Int, blockIndex: Int, family: PolynomialFamily,
        full: inout [SieveRelation], partial: inout [SieveRelation]
    ) {
        let x = BigInt(position - family.halfWidth)
        let value = (family.a * x + 2 * family.b) * x + family.c
        if value.isZero { return }
        var factors = family.factorIndices
        if value.sign == .minus { factors.append(0) }
        var rest = value.magnitude
        let twos = rest.trailingZeroBitCount
        rest >>= twos
        factors.append(contentsOf: repeatElement(1, count: twos))
        func divide(_ index: Int) {
            let p = UInt64(base.primes[index])
            while rest.remainder(dividingBy: p) == 0 {
                rest /= BigUInt(p)
                factors.append(index)
            }
        }
        for index in 2..<base.firstSieved { divide(index) }
        for index in family.factorIndices { divide(index) }
        for index in base.firstSieved..<firstBucketed {
            let root = family.firstRoot[index]
            guard root != PolynomialFamily.noRoot else { continue }
            let offset = UInt32(position % base.primes[index])
            if offset == root || offset == family.secondRoot[index] { divide(index) }
        }
        let inBlock = UInt32(position & 0x7FFF)
        for entry in buckets[blockIndex] where entry & 0x7FFF == inBlock {
            divide(Int(entry >> 15))
        }
        let y = Self.residue(family.a * x + family.b, modulo: n)
        if rest == 1 {
            full.append(SieveRelation(y: y, factors: factors, largePrimes: []))
            return
        }
        guard let left = UInt64(exactly: rest) else { return }
        if left < largePrimeBound {
            partial.append(SieveRelation(y: y, factors: factors, largePrimes: [left]))
            return
        }
        guard parameters.doubleLargePrimes, left < largePrimeBound * largePrimeBound,
            !PrimalityTest.isStrongProbablePrimeToAllBases(left)
        else { return }
        let primes = primeFactors(of: left)
        guard primes.count == 2, primes[1] < largePrimeBound else { return }
        partial.append(SieveRelation(y: y, factors: factors, largePrimes: primes))
    }

    /// `value` modulo `n`, from 0 to n − 1.
    static func residue(_ value: BigInt, modulo n: BigUInt) -> BigUInt {
        let remainder = value.magnitude % n
        return value.sign == .minus && !remainder.isZero ? n - remainder : remainder
    }
}
