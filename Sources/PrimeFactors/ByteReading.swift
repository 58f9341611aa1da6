/// A source of bytes, such as standard input.
public protocol ByteReading {
    /// Fills the start of `buffer` and returns how many bytes it wrote; 0 means end of input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}
