/// A destination for bytes, such as standard output.
public protocol ByteWriting {
    /// Writes all of `bytes`.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}
