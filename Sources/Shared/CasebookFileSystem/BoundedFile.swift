#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file that came from outside the way nothing outside can abuse: a regular file only
/// (never a FIFO, device or socket, which could block forever or never end), at most `limit`
/// bytes (checked before reading, and again while reading in case it grows), and, unless asked,
/// never through a symbolic link. With `singleName`, a file with other names (hard links) is
/// refused too — before it is opened for reading: on Linux, closing any descriptor of a file
/// drops the process's POSIX locks on it, so a hard link to a database the process holds must
/// never be opened. On Linux the name is first opened as a path only (`O_PATH`, which takes no
/// lock and drops none), the file it names checked there, and that very file then opened for
/// reading (through `/proc/self/fd`), so nothing can swap the file in between. Elsewhere the
/// name is checked with `lstat` before it is opened, which leaves that moment open.
public enum BoundedFile {
    public static func bytes(
        atPath path: String, limit: Int, followingSymlink: Bool = false, singleName: Bool = false
    )
        throws(FileProblem) -> [UInt8]
    {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingSymlink ? 0 : O_NOFOLLOW)
        let descriptor = singleName ? try openAlone(path) : open(path, flags)
        guard descriptor >= 0 else { throw problem(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw problem(errno: errno) }
        try check(status, singleName: singleName)
        guard status.st_size <= limit else { throw .tooLarge(limit: limit) }
        // Room for one byte more than fstat said, to notice a file that grew since; a read that
        // comes back short having brought all fstat said is at the end (no second read for it).
        let expected = Int(status.st_size) + 1
        var bytes = try readAll(descriptor, upTo: expected, endingShortAfter: expected - 1)
        var mayHaveMore = bytes.count == expected
        while mayHaveMore, bytes.count <= limit {
            let more = try readAll(descriptor, upTo: 64 * 1024)
            bytes += more
            mayHaveMore = more.count == 64 * 1024
        }
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        return bytes
    }

    /// The file at `path` opened for reading, if it is a regular file with no other name,
    /// reached without a symbolic link; checked before it is opened for reading (see above).
    private static func openAlone(_ path: String) throws(FileProblem) -> Int32 {
        #if os(Linux)
            // O_PATH, which Glibc's module does not export (it is _GNU_SOURCE's): the same
            // value on every Linux architecture Swift runs on.
            let pathOnly: Int32 = 0o1000_0000
            let located = open(path, pathOnly | O_NOFOLLOW | O_CLOEXEC)
            guard located >= 0 else { throw problem(errno: errno) }
            defer { close(located) }
            var status = stat()
            guard fstat(located, &status) == 0 else { throw problem(errno: errno) }
            try check(status, singleName: true)
            let descriptor = open("/proc/self/fd/\(located)", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            // Said before the deferred close can change errno.
            guard descriptor >= 0 else { throw problem(errno: errno) }
            return descriptor
        #else
            var status = stat()
            guard lstat(path, &status) == 0 else { throw problem(errno: errno) }
            try check(status, singleName: true)
            return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        #endif
    }

    /// Refuses anything but a regular file (a symbolic link, seen when it was not followed),
    /// and, with `singleName`, a file with other names.
    private static func check(_ status: stat, singleName: Bool) throws(FileProblem) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw .symbolicLink
        case S_IFDIR: throw .directory
        case S_IFIFO: throw .notRegular(kind: "a FIFO")
        case S_IFSOCK: throw .notRegular(kind: "a socket")
        default: throw .notRegular(kind: "a device")
        }
        guard !singleName || status.st_nlink == 1 else {
            throw .system("it has other names (hard links), which are not followed here")
        }
    }

    /// Up to `count` bytes, fewer only at the end of the file: where a read returns nothing, or
    /// returns less than asked once `known` bytes (the size the file had) are in.
    private static func readAll(
        _ descriptor: Int32, upTo count: Int, endingShortAfter known: Int = .max
    )
        throws(FileProblem) -> [UInt8]
    {
        var failure: FileProblem?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let read = systemRead(
                    descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = problem(errno: errno)
                    return
                }
                if read == 0 { return }
                initialized += read
                if initialized >= known, initialized < buffer.count { return }
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// The file's text: valid UTF-8 without NUL.
    public static func text(
        atPath path: String, limit: Int, followingSymlink: Bool = false, singleName: Bool = false
    )
        throws(FileProblem) -> String
    {
        let bytes = try bytes(
            atPath: path, limit: limit, followingSymlink: followingSymlink, singleName: singleName)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        guard !bytes.contains(0) else { throw .containsNUL }
        return text
    }

    static func problem(errno code: Int32) -> FileProblem {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case EACCES, EPERM: .permissionDenied
        case ELOOP: .symbolicLink
        case EISDIR: .directory
        default: .system(String(cString: strerror(code)))
        }
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
