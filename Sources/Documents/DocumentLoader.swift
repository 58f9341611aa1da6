import CasebookFileSystem
import Foundation

/// Loads documents of whichever `Document` subclass `documentType` names, so that a test can
/// substitute one that never touches the disk.
public final class DocumentLoader {
    public var documentType: Document.Type = Document.self
    /// The document the last successful `loadDocument(at:)` loaded.
    public private(set) var document: Document?
    /// Why the last `loadDocument(at:)` could not read its file (nil when it could, or when the
    /// document failed for a reason of its own).
    public private(set) var readProblem: FileProblem?

    public init() {}

    /// Whether the document at `location` loaded.
    public func loadDocument(at location: URL) -> Bool {
        let candidate = documentType.init(fileURL: location)
        do {
            try candidate.load()
        } catch {
            document = nil
            readProblem = candidate.readProblem
            return false
        }
        document = candidate
        readProblem = nil
        return true
    }
}
