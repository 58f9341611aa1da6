import Foundation

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
        if !FileManager.default.fileExists(atPath: path) {
            guard
                FileManager.default.createFile(
                    atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
    }

    /// Appends `line` and a newline. A log that cannot be written loses the line, never the
    /// request.
    func write(_ line: String) {
        lock.withLock { try? handle.write(contentsOf: Data((line + "\n").utf8)) }
    }
}
