import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A respondents folder on the local disk. Files are read through `FileReader`, with the folder
/// as its documents directory, so a name can never reach outside the folder.
public struct LocalRespondentFolder: RespondentFolder {
    public let url: URL
    private let reader: FileReader

    public init(url: URL) {
        self.url = url.standardizedFileURL
        self.reader = FileReader(fileManager: FixedDirectory(url: self.url))
    }

    public var location: String { url.path }

    public func respondentFileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
    }

    public func contents(of fileName: String) throws -> String {
        try reader.read(path: fileName)
    }

    public func ledgerData() throws -> Data? {
        let ledgerURL = url.appendingPathComponent(Self.ledgerFileName)
        guard FileManager.default.fileExists(atPath: ledgerURL.path) else { return nil }
        return try Data(contentsOf: ledgerURL)
    }

    public func writeLedger(_ data: Data) throws {
        try data.write(to: url.appendingPathComponent(Self.ledgerFileName), options: .atomic)
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

/// A `FileManaging` whose documents directory is one fixed folder.
struct FixedDirectory: FileManaging {
    let url: URL

    func urls(
        for directory: FileManager.SearchPathDirectory,
        in domainMask: FileManager.SearchPathDomainMask
    ) -> [URL] {
        [url]
    }
}
