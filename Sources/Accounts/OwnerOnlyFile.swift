import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files that only their owner can read (mode 0600), atomically: the new contents go to
/// a temporary file created 0600 beside the target, then replace it by rename, so the file is
/// never readable by others, not even for a moment, and never half-written.
enum OwnerOnlyFile {
    static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure(url, "cannot create a file there") }
        var written = 0
        let ok = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let count = systemWrite(
                    descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                written += count
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard ok, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw failure(url, "cannot write it")
        }
    }

    private static func failure(_ url: URL, _ reason: String) -> PreferenceStoreError {
        .fileUnusable(path: url.path, reason: "\(reason) (\(String(cString: strerror(errno))))")
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
