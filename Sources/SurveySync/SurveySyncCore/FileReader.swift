import CasebookFileSystem
import Foundation

/// Reads text files inside the user's documents directory.
public final class FileReader {
    private let fileManager: FileManaging
    private let urlReader: (URL) throws -> String

    public init(
        fileManager: FileManaging = FileManager.default,
        urlReader: @escaping (URL) throws -> String = {
            // A regular file of UTF-8 text without NUL, not reached through a link (which could
            // lead out of the documents directory), of at most a respondent file's size.
            try BoundedFile.text(atPath: $0.path, limit: RespondentParser.maximumFileSize)
        }
    ) {
        self.fileManager = fileManager
        self.urlReader = urlReader
    }

    /// The contents of the file at `path`, relative to the documents directory.
    public func read(path: String) throws -> String {
        guard Self.staysInside(path) else { throw FileReaderError.pathOutsideDocuments(path: path) }
        guard let documentsURL = fileManager.documentsURL else {
            throw FileReaderError.missingDocumentsURL
        }
        let url = documentsURL.appendingPathComponent(path)
        do {
            return try urlReader(url)
        } catch {
            throw FileReaderError.missingFile(path: url.absoluteString)
        }
    }

    /// Whether a relative path never climbs above the directory it starts in.
    package static func staysInside(_ path: String) -> Bool {
        if path.hasPrefix("/") { return false }
        var depth = 0
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                depth -= 1
                if depth < 0 { return false }
            default: depth += 1
            }
        }
        return true
    }
}
