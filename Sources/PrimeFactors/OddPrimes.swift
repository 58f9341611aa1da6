/// The odd primes in order, without end: the small primes (below 2^16), then a segment of
/// `segmentLength` numbers sieved by them at a time, as far as the caller reads. A factor base
/// of a few hundred primes so sieves a few thousand numbers, not the millions a base of
/// 100,000 primes would need.
struct OddPrimes: Sequence {
    /// The numbers one segment covers past the small primes.
    static let segmentLength = 1 << 16

    struct Iterator: IteratorProtocol {
        /// The primes of the segment sieved last, and how many of them have been read.
        private var primes = QuadraticSieve.smallPrimes
        private var read = 0
        /// Where the next segment begins (odd, past every prime in `primes`).
        private var segmentStart = (1 << 16) + 1

        mutating func next() -> Int? {
            while read == primes.count { sieveNextSegment() }
            defer { read += 1 }
            return primes[read]
        }

        /// The odd primes of [segmentStart, segmentStart + segmentLength), by the small primes
        /// (enough for every number below 2^32).
        private mutating func sieveNextSegment() {
            precondition(segmentStart < 1 << 32, "the odd primes are sieved below 2^32")
            let start = segmentStart
            // Index i stands for the odd number start + 2i.
            var isComposite = [Bool](repeating: false, count: OddPrimes.segmentLength / 2)
            let end = start + OddPrimes.segmentLength
            for p in QuadraticSieve.smallPrimes {
                if p * p >= end { break }
                // The first odd multiple of p at or past the start, and at least p².
                var multiple = Swift.max(p * p, (start + p - 1) / p * p)
                if multiple % 2 == 0 { multiple += p }
                var index = (multiple - start) / 2
                while index < isComposite.count {
                    isComposite[index] = true
                    index += p
                }
            }
            primes = isComposite.indices.filter { !isComposite[$0] }.map { start + 2 * $0 }
            read = 0
            segmentStart = end
        }
    }

    func makeIterator() -> Iterator { Iterator() }
}
