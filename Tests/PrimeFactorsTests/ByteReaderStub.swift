import PrimeFactors

/// Hands out preset chunks of input, one per read, then end of input.
struct ByteReaderStub: ByteReading {
    private var chunks: [[UInt8]]
    private(set) var readCount = 0

    init(chunks: [String]) {
        self.chunks = chunks.map { Array($0.utf8) }.reversed()
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        readCount += 1
        guard var chunk = chunks.popLast() else { return 0 }
        let count = min(chunk.count, buffer.count)
        chunk.withUnsafeBytes {
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(count)))
        }
        chunk.removeFirst(count)
        if !chunk.isEmpty { chunks.append(chunk) }
        return count
    }
}
