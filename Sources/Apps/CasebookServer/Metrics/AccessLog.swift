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
        guard descriptor >= 0 else { throw OpenError(path: path, errno: errno) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Why the log's file could not be opened for writing, in words.
    struct OpenError: Error, CustomStringConvertible {
        let path: String
        let errno: Int32

        var description: String {
            let reason =
                switch errno {
                case ENOENT: "its folder does not exist"
                case EISDIR: "it is a folder"
                case ELOOP: "it is a symbolic link"
                default: String(cString: strerror(errno))
                }
            return "cannot write the access log \(path): \(reason)"
        }
    }

    /// Appends `line` and a newline. A log that cannot be written loses the line, never the
    /// request.
    func write(_ line: String) {
        lock.withLock { try? handle.write(contentsOf: Data((line + "\n").utf8)) }
    }
}
