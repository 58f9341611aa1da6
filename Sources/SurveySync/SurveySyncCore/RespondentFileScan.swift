import Foundation

/// Reads, hashes and parses respondent files on every core: what both a sync and a verify do
/// with a folder. A file whose content a caller already knows (by its hash) is not parsed.
enum RespondentFileScan {
    /// A file read and parsed.
    struct Parsed: Sendable {
        let fileName: String
        let contentHash: String
        let respondent: Respondent
        let digest: String
        /// The file's size in bytes.
        let size: Int
    }

    /// What reading one file gave.
    enum Outcome: Sendable {
        /// Its content hash is one the caller knew; it was not parsed.
        case known(contentHash: String)
        case parsed(Parsed)
        case failed(String)
    }

    /// The folder, for reading files on every core: `RespondentFolder.contents(of:)` may be
    /// called from several threads at once, and nothing else is called through this.
    struct Reader: @unchecked Sendable {
        let folder: any RespondentFolder
    }

    /// Starts scanning `names` in the background.
    static func start(
        _ names: [String], _ reader: Reader,
        isKnown: @escaping @Sendable (_ file: String, _ contentHash: String) -> Bool
    ) -> Task<[Outcome], Never> {
        Task.detached { scan(names, reader, isKnown: isKnown) }
    }

    /// Scans `names` on every core; the outcomes are in the same order.
    static func scan(
        _ names: [String], _ reader: Reader,
        isKnown: @Sendable (_ file: String, _ contentHash: String) -> Bool
    ) -> [Outcome] {
        let results = Slots(count: names.count)
        let chunkCount = max(1, min(names.count, ProcessInfo.processInfo.activeProcessorCount * 8))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for index in stride(from: chunk, to: names.count, by: chunkCount) {
                results[index] = outcome(of: names[index], reader, isKnown: isKnown)
            }
        }
        return results.values
    }

    private static func outcome(
        of fileName: String, _ reader: Reader, isKnown: (String, String) -> Bool
    ) -> Outcome {
        let contents: String
        do {
            contents = try reader.folder.contents(of: fileName)
        } catch {
            return .failed("\(error)")
        }
        let hash = SyncLedger.contentHash(of: contents)
        if isKnown(fileName, hash) { return .known(contentHash: hash) }
        do {
            let read = try RespondentParser.respondent(fromYAML: contents, fileName: fileName)
            let json = read.canonicalJSON
            var respondent = Respondent(id: read.id, fields: read.fields, canonicalJSON: json)
            respondent.originalYAML = contents
            return .parsed(
                Parsed(
                    fileName: fileName, contentHash: hash,
                    respondent: respondent,
                    digest: RespondentDigest.digest(ofCanonicalJSON: json),
                    size: contents.utf8.count))
        } catch {
            return .failed("\(error)")
        }
    }

    /// One slot per file, each written by exactly one concurrent worker, through a buffer that
    /// never moves, so that no two workers touch the same memory.
    private final class Slots: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Outcome?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        subscript(index: Int) -> Outcome? {
            get { slots[index] }
            set { slots[index] = newValue }
        }

        var values: [Outcome] { slots.map { $0 ?? .failed("not read") } }
    }
}
