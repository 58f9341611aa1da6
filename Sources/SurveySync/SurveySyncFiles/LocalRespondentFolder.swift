import CasebookFileSystem
import Foundation
import SurveySyncCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A respondents folder on the local disk. A file is read only when its name stays inside the
/// folder (as `FileReader` checks) and it is what it claims: a regular file (never a FIFO, a
/// device or a folder), reached without a symbolic link, of at most
/// `RespondentParser.maximumFileSize` bytes (checked before reading), in UTF-8 without NUL.
public struct LocalRespondentFolder: RespondentFolder {
    /// The most a ledger may hold: a line of about 160 bytes per file, for over a million files.
    public static let maximumLedgerSize = 256 * 1024 * 1024

    public let url: URL

    /// The folder's path ending in "/", to which a file's name is joined.
    private let pathPrefix: String

    public init(url: URL) {
        self.url = url.standardizedFileURL
        let path = self.url.path
        pathPrefix = path.hasSuffix("/") ? path : path + "/"
    }

    public var location: String { url.path }

    /// The names as text: one that is not UTF-8 is listed escaped (`a\200.yaml`) and is
    /// refused when read, never taken for the file whose name has U+FFFD in its place.
    public func respondentFileNames() throws -> [String] {
        try DirectoryEntries.list(atPath: url.path).map(\.name)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
    }

    /// The files with their sizes as listed (a link or other non-file: no size; reading it is
    /// refused anyway).
    public func respondentFiles() throws -> [(name: String, size: Int?)] {
        try respondentFileNames().map { name in
            var status = stat()
            // Joined, not appended to the URL: appending asks the disk whether it is a folder.
            let isFile =
                lstat(pathPrefix + name, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            return (name, isFile ? Int(status.st_size) : nil)
        }
    }

    public func contents(of fileName: String) throws -> String {
        guard FileReader.staysInside(fileName) else {
            throw FileReaderError.pathOutsideDocuments(path: fileName)
        }
        // Only an escaped name holds a backslash and stands for a name that is not text.
        if fileName.contains("\\"),
            let invalid = DirectoryEntries.nameNotText(fileName, inFolderAtPath: url.path)
        {
            throw RespondentFileError(
                file: fileName,
                problem: "its name is not UTF-8 text (\(TextBytes.place(invalid))): rename it")
        }
        do {
            // A path made by joining text: a URL per file costs more than reading the file.
            return try BoundedFile.text(
                atPath: pathPrefix + fileName, limit: RespondentParser.maximumFileSize)
        } catch {
            throw RespondentFileError(file: fileName, problem: "\(error)")
        }
    }

    public func ledgerData() throws -> Data? {
        let path = url.appendingPathComponent(Self.ledgerFileName).path
        do {
            return Data(try BoundedFile.bytes(atPath: path, limit: Self.maximumLedgerSize))
        } catch .missing {
            return nil
        }
    }

    /// Written to a new file, flushed to the disk, then renamed over the old one.
    public func writeLedger(_ data: Data) throws {
        try OwnerOnlyFile.write(data, to: url.appendingPathComponent(Self.ledgerFileName))
    }

    /// Appended and flushed to the disk before it returns (never through a link).
    public func appendToLedger(_ data: Data) throws {
        let path = url.appendingPathComponent(Self.ledgerFileName).path
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Self.systemError() }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
            var written = 0
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw Self.systemError() }
                written += count
            }
        }
        guard fsync(descriptor) == 0 else { throw Self.systemError() }
    }

    /// An exclusive `flock` on the folder itself: no lock file to leave behind, no write access
    /// needed, and the kernel lets go when the process ends, however it ends.
    /// - Throws: the system's error (`POSIXError`) when the folder cannot be opened or locked.
    public func claimForSync() throws -> SyncClaim? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.systemError() }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = Self.systemError()
            close(descriptor)
            if error.code == .EWOULDBLOCK { return nil }
            throw error
        }
        return SyncClaim { close(descriptor) }
    }

    private static func systemError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
