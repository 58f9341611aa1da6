import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A directory of its own for one test, removed when the test is done with it.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "casebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `name` inside the directory.
    public func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` to the file `name` inside the directory.
    public func file(_ name: String, contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes `contents` to the file inside the directory at the path `name`'s bytes make,
    /// which need not be UTF-8 (a `String` cannot name such a file).
    public func file(rawName name: [UInt8], contents: String) throws {
        let path = Array(url.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) {
                open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600)
            }
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else {
            throw POSIXError(.EIO)
        }
    }

    /// An executable shell script.
    public func script(named name: String, body: String) throws -> URL {
        let script = try file(name, contents: "#!/bin/sh\n" + body + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }
}
