import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gives a file new contents atomically and changes nothing else about it: the new contents go
/// to a temporary file beside it, made with the file's owner, group and mode, then replace it
/// by rename, so a crash leaves the old file or the new one and a private file is never
/// readable by others. A file whose owner or group the writer cannot give a new file (another
/// user's) is refused. Through a symbolic link, the file it names is
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
        let reason = writeBeside(target, data, mode: made) { descriptor in
            guard let existing else { return nil }
            return keep(owner: existing, on: descriptor)
        }
        if let reason { throw Failure(path: path, reason: reason) }
    }

    /// Gives the new file behind `descriptor` the owner, group and mode of `existing`; nil when
    /// done, else why not. The owner first (a root writer keeps a user's file theirs; anyone
    /// else may only keep their own file theirs, in a group of theirs), then the mode, which
    /// `fchown` may have cleared bits of. A file another owner's or group's is not replaced:
    /// the new one would be the writer's, and its set-user-ID bit theirs.
    private static func keep(owner existing: stat, on descriptor: Int32) -> String? {
        if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
            var made = stat()
            guard fstat(descriptor, &made) == 0, made.st_uid == existing.st_uid else {
                return "it is another user's, and a new file would be yours"
            }
            guard
                made.st_gid == existing.st_gid
                    || fchown(descriptor, uid_t.max, existing.st_gid) == 0
            else {
                return "its group is one a new file of yours cannot have"
            }
        }
        guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
            return described("cannot give it the old file's mode", errno)
        }
        return nil
    }

    /// Writes `data` to a new temporary file beside `target` (created with `mode`, then handed
    /// to `prepare`, which says what went wrong or nil), syncs it and renames it over
    /// `target`; nil when done, else which step failed and why (the temporary file removed).
    static func writeBeside(
        _ target: String, _ data: Data, mode: mode_t, prepare: (Int32) -> String? = { _ in nil }
    ) -> String? {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return described("cannot create a file beside it", errno) }
        var problem = prepare(descriptor)
        if problem == nil {
            problem = data.withUnsafeBytes { bytes -> String? in
                var written = 0
                while written < bytes.count {
                    let count = systemWrite(
                        descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 && errno == EINTR { continue }
                    // A write of nothing is no error of its own: the disk took no byte.
                    if count <= 0 { return described("cannot write it", count < 0 ? errno : EIO) }
                    written += count
                }
                return fsync(descriptor) == 0
                    ? nil : described("cannot save it to the disk", errno)
            }
        }
        close(descriptor)
        if problem == nil, rename(temporary, target) != 0 {
            problem = described("cannot put it in place of the old file", errno)
        }
        if problem != nil { unlink(temporary) }
        return problem
    }

    /// `step`, and why, in the system's words for `code`.
    private static func described(_ step: String, _ code: Int32) -> String {
        "\(step) (\(String(cString: strerror(code))))"
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
