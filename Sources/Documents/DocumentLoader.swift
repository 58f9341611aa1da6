import Foundation

/// Loads documents of whichever `Document` subclass `documentType` names, so that a test can
/// substitute one that never touches the disk.
public final class DocumentLoader {
    public var documentType: Document.Type = Document.self
    /// The document the last successful `loadDocument(at:)` loaded.
    public private(set) var document: Document?

    public init() {}

    /// Whether the document at `location` loaded.
    public func loadDocument(at location: URL) -> Bool {
        let candidate = documentType.init(fileURL: location)
        do {
            try candidate.load()
        } catch {
            document = nil
            return false
        }
        document = candidate
        return true
    }
}
