import BigInt

/// One thread's sieving: a polynomial's values over [-M, M), block by block of L1's size, with
/// each prime's logarithm added where it divides them, and the positions that come close to the
/// values' size divided out into relations.
///
/// - Primes below 30 are not sieved (the small-prime variation): they hit every few bytes for
///   little, and the threshold allows for them.
/// - Primes below the block's size are sieved in each block from where the last left off;
///   those of a quarter of it or more, which hit it at most four times a root, without a branch.
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
    /// The first index whose prime is sieved (`parameters.smallestSieved` or more).
    private let firstSieved: Int
    /// The first index whose prime is at least a block's size (bucket-sieved).
    private let firstBucketed: Int
    /// The first indices whose primes are at least a quarter and a half of a block's size:
    /// each root of theirs hits a block at most four or two times, which they are sieved as,
    /// without a branch (a test a loop's end mispredicts for every prime).
    private let firstQuarterBlock: Int
    private let firstHalfBlock: Int
    private let blockSize = SieveParameters.blockSize
    /// The byte each position starts at: 128 less the logarithm a value needs to be examined.
    private let start: UInt8
    private var block: [UInt8]
    /// Each block's bucket, `bucketCapacity` entries from `block · bucketCapacity`:
    /// (prime index << 15) | offset in the block.
    private var buckets: [UInt32]
    private var bucketCounts: [Int]
    private let bucketCapacity: Int
    /// Each middle prime's next position from the current block's start, for each root (32-bit,
    /// as the primes beside them, so that the three arrays take less of L1 next to the block).
    private var nextFirst: [Int32]
    private var nextSecond: [Int32]
    private let narrowPrimes: [Int32]
    /// Each prime and ⌈2^64 / p⌉, which give a 32-bit number's remainder by p without a
    /// division (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
    private let remainders: [(prime: UInt64, multiplier: UInt64)]
    /// A root that is not sieved: never in a block.
    private static let never = Int32.max / 2

    init(n: BigUInt, kn: BigUInt, base: FactorBase, parameters: SieveParameters) {
        self.n = n
        self.base = base
        self.parameters = parameters
        let largest = base.primes.last!
        largePrimeBound = UInt64(largest * parameters.largePrimeMultiplier)
        let blockSize = SieveParameters.blockSize
        // A bucket entry is (prime index << 15) | offset in the block: 17 and 15 bits.
        precondition(base.primes.count < 1 << 17 && blockSize == 1 << 15)
        firstBucketed = base.primes.firstIndex { $0 >= blockSize } ?? base.primes.count
        firstHalfBlock = base.primes.firstIndex { $0 >= blockSize / 2 } ?? base.primes.count
        firstQuarterBlock = base.primes.firstIndex { $0 >= blockSize / 4 } ?? base.primes.count
        let firstSieved =
            base.primes.indices.dropFirst(2).first {
                base.primes[$0] >= parameters.smallestSieved
            } ?? base.primes.count
        self.firstSieved = firstSieved
        // What the primes not sieved add to a value, on average: 2·log₂ p / (p − 1) each
        // (two roots), and 2 for the powers of 2.
        let unsieved = base.primes[2..<firstSieved].reduce(2.0) {
            $0 + 2 * QuadraticSieve.log2(Double($1)) / Double($1 - 1)
        }
        // The values' size at the ends, M·√(kN / 2), less what a large prime (or two) and the
        // unsieved small primes may leave.
        let valueBits =
            QuadraticSieve.log2(Double(parameters.halfWidth)) + (Double(kn.bitWidth) - 1.5) / 2
        let leftOver =
            QuadraticSieve.log2(Double(largePrimeBound))
            * (parameters.doubleLargePrimes ? parameters.doubleLargePrimeFactor : 1.0) + unsieved
            + parameters.slack
        let threshold = max(8, Int((valueBits - leftOver).rounded()))
        start = UInt8(max(1, 128 - min(threshold, 127)))
        block = [UInt8](repeating: 0, count: blockSize + 8)
        // A prime p hits a block at most blockSize / p + 1 times a root.
        bucketCapacity = base.primes[firstBucketed...].reduce(0) { $0 + 2 * (blockSize / $1 + 1) }
        buckets = [UInt32](repeating: 0, count: max(1, bucketCapacity * parameters.blocks))
        bucketCounts = [Int](repeating: 0, count: parameters.blocks)
        nextFirst = [Int32](repeating: 0, count: base.primes.count)
        nextSecond = [Int32](repeating: 0, count: base.primes.count)
        narrowPrimes = base.primes.map { Int32($0) }
        remainders = base.primes.map { p in
            (UInt64(p), p > 1 ? UInt64.max / UInt64(p) &+ 1 : 0)
        }
    }

    /// Sieves `family`'s current polynomial and adds what it finds: full relations to `full`,
    /// partial ones to `partial`.
    mutating func sieve(
        _ family: PolynomialFamily, full: inout [SieveRelation], partial: inout [SieveRelation]
    ) {
        begin(family)
        var found: [Int] = []
        // What `examine` fills for each candidate, allocated once for the polynomial.
        var factors: [Int] = []
        var atRoots: [Int] = []
        for blockIndex in 0..<parameters.blocks {
            sieveBlock(blockIndex)
            found.removeAll(keepingCapacity: true)
            scan(into: &found)
            for offset in found {
                examine(
                    position: blockIndex * blockSize + offset, blockIndex: blockIndex,
                    family: family, full: &full, partial: &partial, factors: &factors,
                    atRoots: &atRoots)
            }
        }
    }

    /// Each position's byte once `family`'s current polynomial is sieved, block after block:
    /// the starting byte plus the logarithm of every sieved prime at whose roots it lies.
    mutating func sievedBytes(_ family: PolynomialFamily) -> [UInt8] {
        begin(family)
        var bytes: [UInt8] = []
        for blockIndex in 0..<parameters.blocks {
            sieveBlock(blockIndex)
            bytes += block[..<blockSize]
        }
        return bytes
    }

    /// The byte every position starts at, before any logarithm is added.
    var startingByte: UInt8 { start }

    /// Fills the large primes' buckets and puts the middle primes at their first roots.
    private mutating func begin(_ family: PolynomialFamily) {
        fillBuckets(family)
        let (range, never, noRoot) = (
            firstSieved..<firstBucketed, Self.never, PolynomialFamily.noRoot
        )
        // Without a branch: a prime without roots, or with one (it divides kN), gets `never`.
        family.firstRoot.withUnsafeBufferPointer { firstRoots in
            family.secondRoot.withUnsafeBufferPointer { secondRoots in
                nextFirst.withUnsafeMutableBufferPointer { nextFirst in
                    nextSecond.withUnsafeMutableBufferPointer { nextSecond in
                        for index in range {
                            let (first, second) = (firstRoots[index], secondRoots[index])
                            nextFirst[index] = first == noRoot ? never : Int32(first)
                            nextSecond[index] =
                                first == noRoot || second == first ? never : Int32(second)
                        }
                    }
                }
            }
        }
    }

    /// Adds each prime's logarithm at its positions in block `blockIndex`: the middle primes from
    /// where they left off, the large ones from the block's bucket.
    private mutating func sieveBlock(_ blockIndex: Int) {
        let (firstSieved, firstBucketed, blockSize) = (firstSieved, firstBucketed, blockSize)
        let bucketStart = blockIndex * bucketCapacity
        let bucketEnd = bucketStart + bucketCounts[blockIndex]
        let start = self.start
        block.withUnsafeMutableBufferPointer { block in
            let sieve = block.baseAddress!
            UnsafeMutableBufferPointer(start: sieve, count: blockSize).update(repeating: start)
            narrowPrimes.withUnsafeBufferPointer { primes in
                base.logarithms.withUnsafeBufferPointer { logarithms in
                    nextFirst.withUnsafeMutableBufferPointer { nextFirst in
                        nextSecond.withUnsafeMutableBufferPointer { nextSecond in
                            let end = Int32(blockSize)
                            let wide = max(firstSieved, firstQuarterBlock)
                            let half = max(wide, firstHalfBlock)
                            // A position past the block adds to the byte after it, which is
                            // never read: each root's hits in one straight run.
                            @inline(__always) func add(_ position: Int32, _ logarithm: UInt8) {
                                sieve[Int(position < end ? position : end)] &+= logarithm
                            }
                            @inline(__always) func next(_ position: Int32, _ p: Int32) -> Int32 {
                                position < end ? position &+ p : position
                            }
                            /// Each root of the primes at `indices` hits the block at most
                            /// `hits` times.
                            @inline(__always) func straight(_ indices: Range<Int>, hits: Int) {
                                for index in indices {
                                    let (p, logarithm) = (primes[index], logarithms[index])
                                    var first = nextFirst[index]
                                    var second = nextSecond[index]
                                    for _ in 0..<hits {
                                        add(first, logarithm)
                                        add(second, logarithm)
                                        first = next(first, p)
                                        second = next(second, p)
                                    }
                                    nextFirst[index] = first &- end
                                    nextSecond[index] = second &- end
                                }
                            }
                            straight(wide..<half, hits: 4)
                            straight(half..<firstBucketed, hits: 2)
                            for index in firstSieved..<wide {
                                let p = primes[index]
                                let logarithm = logarithms[index]
                                // Both roots in one loop while both are in the block (twice
                                // the work per test and jump), then each on its own.
                                var first = nextFirst[index]
                                var second = nextSecond[index]
                                while first < end && second < end {
                                    sieve[Int(first)] &+= logarithm
                                    sieve[Int(second)] &+= logarithm
                                    first &+= p
                                    second &+= p
                                }
                                while first < end {
                                    sieve[Int(first)] &+= logarithm
                                    first &+= p
                                }
                                while second < end {
                                    sieve[Int(second)] &+= logarithm
                                    second &+= p
                                }
                                nextFirst[index] = first &- end
                                nextSecond[index] = second &- end
                            }
                        }
                    }
                    buckets.withUnsafeBufferPointer { buckets in
                        for entry in buckets[bucketStart..<bucketEnd] {
                            sieve[Int(entry & 0x7FFF)] &+= logarithms[Int(entry >> 15)]
                        }
                    }
                }
            }
        }
    }

    /// Sieves the large primes into each block's bucket.
    private mutating func fillBuckets(_ family: PolynomialFamily) {
        let length = parameters.blocks * blockSize
        let capacity = bucketCapacity
        let (firstBucketed, count) = (firstBucketed, base.primes.count)
        bucketCounts.withUnsafeMutableBufferPointer { counts in
            counts.update(repeating: 0)
            guard firstBucketed < count else { return }
            buckets.withUnsafeMutableBufferPointer { buckets in
                base.primes.withUnsafeBufferPointer { primes in
                    family.firstRoot.withUnsafeBufferPointer { firstRoots in
                        family.secondRoot.withUnsafeBufferPointer { secondRoots in
                            /// Each position of `root` (and every p after it) into its block's
                            /// bucket.
                            @inline(__always) func fill(_ root: UInt32, _ p: Int, _ tag: UInt32) {
                                var position = Int(root)
                                while position < length {
                                    let block = position >> 15
                                    buckets[block * capacity + counts[block]] =
                                        tag | UInt32(position & 0x7FFF)
                                    counts[block] += 1
                                    position += p
                                }
                            }
                            for index in firstBucketed..<count {
                                let first = firstRoots[index]
                                guard first != PolynomialFamily.noRoot else { continue }
                                let (p, tag) = (primes[index], UInt32(index) << 15)
                                fill(first, p, tag)
                                let second = secondRoots[index]
                                if second != first { fill(second, p, tag) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The offsets in the block whose byte reached 128.
    private func scan(into found: inout [Int]) {
        block.withUnsafeBytes { bytes in
            SieveScan.forEachMarked(in: UnsafeRawBufferPointer(rebasing: bytes[..<blockSize])) {
                found.append($0)
            }
        }
    }

    /// Divides out the value at `position` and keeps its relation, if it makes one. `factors`
    /// and `atRoots` are its working space, emptied here first.
    private func examine(
        position: Int, blockIndex: Int, family: PolynomialFamily,
        full: inout [SieveRelation], partial: inout [SieveRelation], factors: inout [Int],
        atRoots: inout [Int]
    ) {
        factors.removeAll(keepingCapacity: true)
        factors.append(contentsOf: family.factorIndices)
        var rest: UInt128
        var big: BigUInt?
        if let (a, b, c) = family.small {
            let x = Int128(position - family.halfWidth)
            let value = (a &* x &+ 2 &* b) &* x &+ c
            if value == 0 { return }
            if value < 0 { factors.append(0) }
            rest = value.magnitude
        } else {
            let x = BigInt(position - family.halfWidth)
            let value = (family.a * x + 2 * family.b) * x + family.c
            if value.isZero { return }
            if value.sign == .minus { factors.append(0) }
            big = value.magnitude
            rest = 0
        }
        func divide(_ index: Int) {
            divideOut(index, rest: &rest, big: &big, factors: &factors)
        }
        if big == nil {
            let twos = rest.trailingZeroBitCount
            rest >>= twos
            factors.append(contentsOf: repeatElement(1, count: twos))
        } else {
            let twos = big!.trailingZeroBitCount
            big! >>= twos
            factors.append(contentsOf: repeatElement(1, count: twos))
        }
        for index in 2..<firstSieved { divide(index) }
        for index in family.factorIndices { divide(index) }
        // The middle primes at whose roots the position lies, found first and divided out
        // after, so that no closure here changes the value being divided.
        atRoots.removeAll(keepingCapacity: true)
        family.firstRoot.withUnsafeBufferPointer { first in
            family.secondRoot.withUnsafeBufferPointer { second in
                remainders.withUnsafeBufferPointer { remainders in
                    let position = UInt64(position)
                    for index in firstSieved..<firstBucketed {
                        let root = first[index]
                        guard root != PolynomialFamily.noRoot else { continue }
                        // position mod p by Lemire's method: two multiplications, no division.
                        let (p, m) = remainders[index]
                        let offset = UInt32((m &* position).multipliedFullWidth(by: p).high)
                        if offset == root || offset == second[index] { atRoots.append(index) }
                    }
                }
            }
        }
        for index in atRoots { divide(index) }
        let inBlock = UInt32(position & 0x7FFF)
        let bucketStart = blockIndex * bucketCapacity
        for slot in bucketStart..<bucketStart + bucketCounts[blockIndex] {
            let entry = buckets[slot]
            if entry & 0x7FFF == inBlock { divide(Int(entry >> 15)) }
        }
        guard big == nil else { return }
        if rest == 1 {
            full.append(
                SieveRelation(y: y(at: position, family), factors: factors, largePrimes: []))
            return
        }
        guard let left = UInt64(exactly: rest) else { return }
        if left < largePrimeBound {
            partial.append(
                SieveRelation(y: y(at: position, family), factors: factors, largePrimes: [left]))
            return
        }
        guard parameters.doubleLargePrimes, left < largePrimeBound * largePrimeBound,
            !PrimalityTest.isStrongProbablePrimeToAllBases(left)
        else { return }
        let primes = primeFactors(of: left)
        guard primes.count == 2, primes[1] < largePrimeBound else { return }
        partial.append(
            SieveRelation(y: y(at: position, family), factors: factors, largePrimes: primes))
    }

    /// Divides the value (`rest`, or `big` while it does not fit in 128 bits) by prime `index`
    /// as often as it goes, each time adding `index` to `factors`.
    @inline(__always)
    private func divideOut(
        _ index: Int, rest: inout UInt128, big: inout BigUInt?, factors: inout [Int]
    ) {
        let p = UInt64(base.primes[index])
        if var value = big {
            while value.remainder(dividingBy: p) == 0 {
                value /= BigUInt(p)
                factors.append(index)
            }
            if let fits = UInt128(exactly: value) {
                big = nil
                rest = fits
            } else {
                big = value
            }
            return
        }
        while true {
            let (quotient, remainder) = Self.divide(rest, by: p)
            if remainder != 0 { break }
            rest = quotient
            factors.append(index)
        }
    }

    /// ax + b modulo N, for the value at `position`.
    private func y(at position: Int, _ family: PolynomialFamily) -> BigUInt {
        guard let (a, b, _) = family.small else {
            return Self.residue(
                family.a * BigInt(position - family.halfWidth) + family.b, modulo: n)
        }
        let value = a * Int128(position - family.halfWidth) + b
        var magnitude = BigUInt(value.magnitude)
        if magnitude >= n { magnitude %= n }
        return value < 0 && !magnitude.isZero ? n - magnitude : magnitude
    }

    /// `value` divided by `p`, and the remainder: two 128-by-64-bit divisions of the hardware.
    @inline(__always)
    static func divide(_ value: UInt128, by p: UInt64) -> (UInt128, UInt64) {
        let high = UInt64(truncatingIfNeeded: value >> 64)
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: p)
        let (lowQuotient, remainder) = p.dividingFullWidth(
            (highRemainder, UInt64(truncatingIfNeeded: value)))
        return (UInt128(highQuotient) << 64 | UInt128(lowQuotient), remainder)
    }

    /// `value` modulo `n`, from 0 to n − 1.
    static func residue(_ value: BigInt, modulo n: BigUInt) -> BigUInt {
        let remainder = value.magnitude % n
        return value.sign == .minus && !remainder.isZero ? n - remainder : remainder
    }
}
