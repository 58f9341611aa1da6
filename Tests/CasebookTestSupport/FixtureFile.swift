import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes a test's input files with plain `open`/`write`/`close`. Foundation's `String.write(to:)`
/// calls `fsync` on every file, even when not atomic: 4 ms a file on this machine's disk, twelve
/// seconds for the 3,000 respondents of one test. A test's temporary folder need not outlive a
/// power cut.
public enum FixtureFile {
    public static func write(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            guard written > 0 else { throw failure() }
            offset += written
        }
    }

    private static func failure() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
