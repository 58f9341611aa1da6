import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory only its owner can enter (mode 0700), whatever the umask: Casebook's data
/// directory, which holds a diary, survey respondents and a preference key.
public enum PrivateDirectory {
    /// Creates the directory (and its parents) when missing, and makes it 0700 when it is the
    /// process owner's (an existing one that others could read is tightened).
    /// An existing directory costs one `stat` (FileManager's creation is asked only for a
    /// missing one: a command's start does not pay for it).
    public static func prepare(_ url: URL) throws {
        var status = stat()
        if stat(url.path, &status) != 0 {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard stat(url.path, &status) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw POSIXError(.ENOTDIR) }
        if status.st_uid == getuid(), status.st_mode & 0o777 != 0o700 {
            guard chmod(url.path, 0o700) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
    }
}
