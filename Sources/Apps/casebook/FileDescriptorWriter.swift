import PrimeFactors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to an open file descriptor with `write(2)`, retrying short writes.
struct FileDescriptorWriter: ByteWriting {
    static let standardOutput = FileDescriptorWriter(descriptor: STDOUT_FILENO)
    static let standardError = FileDescriptorWriter(descriptor: STDERR_FILENO)

    let descriptor: Int32

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count >= 0 {
                offset += count
            } else if errno != EINTR {
                throw SystemCallError(call: "write", code: errno)
            }
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
