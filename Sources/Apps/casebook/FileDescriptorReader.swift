import PrimeFactors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads bytes from an open file descriptor (standard input by default) with `read(2)`.
struct FileDescriptorReader: ByteReading {
    let descriptor: Int32

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw SystemCallError(call: "read", code: errno) }
        }
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
