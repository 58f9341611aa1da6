import PrimeFactors

/// Records every write it is asked to make.
final class ByteWriterSpy: ByteWriting {
    private(set) var writes: [[UInt8]] = []

    var text: String { String(decoding: writes.joined(), as: UTF8.self) }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        writes.append(Array(bytes))
    }
}
