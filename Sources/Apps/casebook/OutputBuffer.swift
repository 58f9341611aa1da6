/// Bytes for a file descriptor, written in large pieces (about 64 KiB) rather than line by
/// line: a long listing costs a few system calls, and memory stays bounded however long it is.
struct OutputBuffer {
    private let writer: FileDescriptorWriter
    /// What is waiting to be written.
    var bytes: [UInt8] = []
    private let threshold = 64 * 1024

    init(_ writer: FileDescriptorWriter = .standardOutput) {
        self.writer = writer
        bytes.reserveCapacity(threshold + 4096)
    }

    /// Writes what is waiting when there is enough of it.
    mutating func flushIfFull() throws {
        if bytes.count >= threshold { try flush() }
    }

    /// Writes everything waiting.
    mutating func flush() throws {
        try bytes.withUnsafeBytes { try writer.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
