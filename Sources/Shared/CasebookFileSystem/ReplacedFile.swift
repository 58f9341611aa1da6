import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gives a file new contents atomically and changes nothing else about it: the new contents go
/// to a temporary file beside it, made with the file's mode (and owner, where the writer may
/// set it), then replace it by rename, so a crash leaves the old file or the new one and a
/// private file is never readable by others. Through a symbolic link, the file it names is
/// replaced and the link stays. A file with more than one name (a hard link) is refused: a
/// rename would part its names, one keeping the old contents.
public enum ReplacedFile {
    /// Why a file could not be replaced, in words for a person.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to `path`, a new file (made as the process's umask allows) or one there
    /// is, replaced; `followingSymlink` false refuses a path that is a symbolic link.
    public static func write(_ data: Data, to path: String, followingSymlink: Bool = true)
        throws(Failure)
    {
        var target = path
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            guard followingSymlink else {
                throw Failure(path: path, reason: "it is a symbolic link")
            }
            guard let resolved = realpath(path, nil) else {
                throw failure(path, "the file its symbolic link names cannot be found")
            }
            target = String(cString: resolved)
            free(resolved)
        }
        var existing: stat? = nil
        if stat(target, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw Failure(path: path, reason: "it is not a regular file")
            }
            guard status.st_nlink == 1 else {
                throw Failure(
                    path: path,
                    reason:
                        "it has \(status.st_nlink) names (hard links), and a new file would part them"
                )
            }
            existing = status
        } else if errno != ENOENT {
            throw failure(path, "cannot read what it is")
        }
        let made = existing == nil ? mode_t(0o666) : 0o600
        if let reason = writeBeside(
            target, data, mode: made,
            prepare: { descriptor in
                guard let existing else { return true }
                // The owner first (a root writer keeps a user's file theirs; anyone else cannot,
                // and keeps it theirs), then the mode, which fchown may have cleared bits of.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
                return fchmod(descriptor, existing.st_mode & 0o7777) == 0
            })
        {
            throw failure(path, reason)
        }
    }

    /// Writes `data` to a new temporary file beside `target` (created with `mode`, then handed
    /// to `prepare`), syncs it and renames it over `target`; nil when done, else what failed
    /// (the temporary file removed), `errno` still telling why.
    static func writeBeside(
        _ target: String, _ data: Data, mode: mode_t, prepare: (Int32) -> Bool = { _ in true }
    ) -> String? {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return "cannot create a file beside it" }
        var written = 0
        let ok =
            prepare(descriptor)
            && data.withUnsafeBytes { bytes -> Bool in
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
        guard ok, rename(temporary, target) == 0 else {
            let saved = errno
            unlink(temporary)
            errno = saved
            return "cannot write it"
        }
        return nil
    }

    private static func failure(_ path: String, _ reason: String) -> Failure {
        Failure(path: path, reason: "\(reason) (\(String(cString: strerror(errno))))")
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
