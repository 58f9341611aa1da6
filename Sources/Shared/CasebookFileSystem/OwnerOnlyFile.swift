import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files that only their owner can read (mode 0600), atomically: the new contents go to
/// a temporary file created 0600 beside the target, then replace it by rename, so the file is
/// never readable by others, not even for a moment, and never half-written.
public enum OwnerOnlyFile {
    /// Why a file could not be written or restricted.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot use \(path): \(reason)" }
    }

    public static func write(_ data: Data, to url: URL) throws(Failure) {
        if let reason = ReplacedFile.writeBeside(url.path, data, mode: 0o600) {
            throw Failure(path: url.path, reason: reason)
        }
    }

    /// Makes the file at `path` owner-only (0600), creating it empty when it is missing: for
    /// files another library creates, such as a SQLite database (whose journal and WAL files
    /// then take the same mode).
    public static func restrict(_ path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            // What O_NOFOLLOW refuses: said as such.
            if errno == ELOOP { throw Failure(path: path, reason: "it is a symbolic link") }
            throw failure(path, "cannot open it")
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw failure(path, "cannot restrict it") }
    }

    private static func failure(_ path: String, _ reason: String) -> Failure {
        Failure(path: path, reason: "\(reason) (\(String(cString: strerror(errno))))")
    }
}
