import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory only its owner can enter (mode 0700), whatever the umask: Casebook's data
/// directory, which holds a diary, survey respondents and a preference key.
public enum PrivateDirectory {
    /// Why a directory could not be made or used: its path and the system's error number,
    /// described as Unix tools say it (`/srv/data: Not a directory`).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let code: Int32

        public init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        /// The system's reason alone (`Not a directory`), for a message that names the path itself.
        public var reason: String { String(cString: strerror(code)) }

        public var description: String { "\(path): \(reason)" }
    }

    /// Creates the directory (and its parents) when missing, and makes it 0700 when it is the
    /// process owner's (an existing one that others could read is tightened).
    /// An existing directory costs one `stat`: a command's start does not pay for more.
    public static func prepare(_ url: URL) throws {
        let path = url.path
        var status = stat()
        if stat(path, &status) != 0 {
            try create(path)
            guard stat(path, &status) == 0 else { throw Failure(path: path, code: errno) }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, code: ENOTDIR) }
        if status.st_uid == getuid(), status.st_mode & 0o777 != 0o700 {
            guard chmod(path, 0o700) == 0 else { throw Failure(path: path, code: errno) }
        }
    }

    /// `mkdir -p` with mode 0700 for every directory it makes.
    private static func create(_ path: String) throws {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw Failure(path: path, code: errno) }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { throw Failure(path: path, code: ENOENT) }
        try create(parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw Failure(path: path, code: errno)
        }
    }
}
