import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the access log's lines go: a file, appended to (created owner-only), or standard
/// output for `-`. Lines are written whole, one at a time.
final class AccessLog: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    /// The log at `path` (`-`: standard output).
    init(path: String) throws {
        if path == "-" {
            handle = FileHandle.standardOutput
            return
        }
        // Every write at the end, wherever the file then ends (after a rotation that
        // truncated it, or lines another process added).
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends `line` and a newline. A log that cannot be written loses the line, never the
    /// request.
    func write(_ line: String) {
        lock.withLock { try? handle.write(contentsOf: Data((line + "\n").utf8)) }
    }
}
