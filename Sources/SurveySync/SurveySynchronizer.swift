import Foundation

/// Sends every new or changed respondent file to the backend, in batches, recording each
/// acknowledged batch in a ledger beside the files so that a rerun (or a resumed, interrupted
/// run) sends only what the backend has not yet acknowledged.
public struct SurveySynchronizer {
    private let folder: any RespondentFolder
    private let uploader: any RespondentUploading
    private let sleeper: any Sleeping
    private let retryDelays: [Duration]
    private let batchSize: Int

    /// - Parameters:
    ///   - retryDelays: the waits before each retry of an unavailable backend; after the last,
    ///     the sync stops.
    ///   - batchSize: respondents per request.
    public init(
        folder: any RespondentFolder,
        uploader: any RespondentUploading,
        sleeper: any Sleeping = TaskSleeper(),
        retryDelays: [Duration] = [.milliseconds(250), .seconds(1), .seconds(4)],
        batchSize: Int = 500
    ) {
        self.folder = folder
        self.uploader = uploader
        self.sleeper = sleeper
        self.retryDelays = retryDelays
        self.batchSize = max(1, batchSize)
    }

    /// The most bytes of files a batch carries (it always carries at least one file), and a
    /// chunk of files read at once: with files of at most `RespondentParser.maximumFileSize`,
    /// a sync holds at most three chunks' worth at a time, whatever the folder holds.
    public static let maximumBatchBytes = 4 * 1024 * 1024

    private struct Pending: Sendable {
        let fileName: String
        let contentHash: String
        let respondent: Respondent
        /// The file's size in bytes.
        let size: Int
    }

    /// What reading one file gave.
    private enum Outcome: Sendable {
        case unchanged
        case parsed(Pending)
        case failed(String)
    }

    /// Reads the files, then parses them a batch at a time on every core while the previous
    /// batch is on its way to the backend, so that neither waits for the other.
    public func sync(progress: (SyncProgress) -> Void = { _ in }) async throws(SyncError)
        -> SyncReport
    {
        let claim: SyncClaim?
        do {
            claim = try folder.claimForSync()
        } catch {
            throw .folderUnreadable(path: folder.location, reason: "\(error)")
        }
        guard let claim else { throw .alreadySyncing(path: folder.location) }
        defer { claim.end() }
        let ledgerPath = folder.location + "/" + LocalRespondentFolder.ledgerFileName
        var ledger = try SyncLedger(data: try readLedger(path: ledgerPath), location: ledgerPath)
        let files: [(name: String, size: Int?)]
        do {
            files = try folder.respondentFiles()
        } catch {
            throw .folderUnreadable(path: folder.location, reason: "\(error)")
        }
        let fileNames = files.map(\.name)
        let reader = ConcurrentReader(folder: folder)
        var report = SyncReport()
        var pending: [Pending] = []
        var pendingBytes = 0
        var claimedIDs: [String: String] = [:]
        var handledFiles = 0
        let chunks = Self.chunks(
            of: files.map(\.size), files: batchSize, bytes: Self.maximumBatchBytes)
        var parsing = chunks.first.map { Self.startParsing(fileNames, reader, $0, ledger) }
        defer { parsing?.cancel() }
        for (position, chunk) in chunks.enumerated() {
            let outcomes = await parsing?.value ?? []
            parsing =
                chunks.indices.contains(position + 1)
                ? Self.startParsing(fileNames, reader, chunks[position + 1], ledger) : nil
            for (fileName, outcome) in zip(fileNames[chunk], outcomes) {
                switch outcome {
                case .unchanged:
                    report.unchanged += 1
                case .failed(let message):
                    report.failures.append(.init(file: fileName, message: message))
                case .parsed(let item):
                    let id = item.respondent.id
                    if let owner = claimedIDs[id] ?? ledger.file(otherThan: fileName, using: id) {
                        report.failures.append(
                            .init(
                                file: fileName,
                                message: "\(fileName): id '\(id)' is already used by \(owner)"))
                    } else {
                        claimedIDs[id] = fileName
                        pending.append(item)
                        pendingBytes += item.size
                    }
                }
            }
            handledFiles += chunk.count
            let isLast = position == chunks.count - 1
            while pending.count >= batchSize || pendingBytes >= Self.maximumBatchBytes
                || (isLast && !pending.isEmpty)
            {
                let batch = Self.batch(
                    from: pending, files: batchSize, bytes: Self.maximumBatchBytes)
                pending.removeFirst(batch.count)
                pendingBytes -= batch.reduce(0) { $0 + $1.size }
                try await deliver(batch, ledger: &ledger, ledgerPath: ledgerPath, report: &report)
                progress(
                    SyncProgress(sent: handledFiles - pending.count, total: fileNames.count))
            }
        }
        report.failures.sort { $0.file < $1.file }
        return report
    }

    /// Consecutive runs of files to read at once: each at most `files` files and `bytes` bytes
    /// (a file of unknown size counts as none), but never empty.
    static func chunks(of sizes: [Int?], files: Int, bytes: Int) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = 0
        var total = 0
        for (index, size) in sizes.enumerated() {
            let size = size ?? 0
            if index > start, index - start == files || total + size > bytes {
                chunks.append(start..<index)
                start = index
                total = 0
            }
            total += size
        }
        if start < sizes.count { chunks.append(start..<sizes.count) }
        return chunks
    }

    /// The first files of `pending` that make one batch: at most `files` files and `bytes`
    /// bytes, but at least one file.
    private static func batch(from pending: [Pending], files: Int, bytes: Int) -> [Pending] {
        var total = 0
        var count = 0
        for item in pending.prefix(files) {
            if count > 0, total + item.size > bytes { break }
            total += item.size
            count += 1
        }
        return Array(pending.prefix(count))
    }

    /// The folder, for reading files on every core: `RespondentFolder.contents(of:)` may be
    /// called from several threads at once, and nothing else is called through this.
    private struct ConcurrentReader: @unchecked Sendable {
        let folder: any RespondentFolder
    }

    /// Sends a batch and records what the backend acknowledged, atomically, in the ledger.
    private func deliver(
        _ batch: [Pending], ledger: inout SyncLedger, ledgerPath: String, report: inout SyncReport
    ) async throws(SyncError) {
        let acknowledged = try await send(batch, report: &report)
        for item in acknowledged {
            ledger.record(
                item.fileName, contentHash: item.contentHash, respondentID: item.respondent.id)
        }
        report.synced += acknowledged.count
        do {
            try folder.writeLedger(ledger.encoded())
        } catch {
            throw .ledgerNotSaved(path: ledgerPath, reason: "\(error)", report: report)
        }
    }

    private func readLedger(path: String) throws(SyncError) -> Data? {
        do {
            return try folder.ledgerData()
        } catch {
            throw .ledgerUnreadable(path: path, reason: "\(error)")
        }
    }

    private static func startParsing(
        _ fileNames: [String], _ reader: ConcurrentReader, _ chunk: Range<Int>,
        _ ledger: SyncLedger
    ) -> Task<[Outcome], Never> {
        let names = Array(fileNames[chunk])
        return Task.detached { parseConcurrently(names, reader, ledger: ledger) }
    }

    /// Reads, hashes and parses the new or changed files on every core.
    private static func parseConcurrently(
        _ fileNames: [String], _ reader: ConcurrentReader, ledger: SyncLedger
    ) -> [Outcome] {
        let results = OutcomeSlots(count: fileNames.count)
        let chunkCount = max(
            1, min(fileNames.count, ProcessInfo.processInfo.activeProcessorCount * 8))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for index in stride(from: chunk, to: fileNames.count, by: chunkCount) {
                results[index] = outcome(of: fileNames[index], reader, ledger: ledger)
            }
        }
        return results.values
    }

    private static func outcome(
        of fileName: String, _ reader: ConcurrentReader, ledger: SyncLedger
    ) -> Outcome {
        let contents: String
        do {
            contents = try reader.folder.contents(of: fileName)
        } catch {
            return .failed("\(error)")
        }
        let hash = SyncLedger.contentHash(of: contents)
        if ledger.isAcknowledged(fileName, contentHash: hash) { return .unchanged }
        do {
            let respondent = try RespondentParser.respondent(fromYAML: contents, fileName: fileName)
            return .parsed(
                Pending(
                    fileName: fileName, contentHash: hash, respondent: respondent,
                    size: contents.utf8.count))
        } catch {
            return .failed("\(error)")
        }
    }

    /// One slot per file, each written by exactly one concurrent worker, through a buffer that
    /// never moves, so that no two workers touch the same memory.
    private final class OutcomeSlots: @unchecked Sendable {
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

    /// Sends a batch; when the backend refuses it, sends its respondents one by one so that only
    /// the refused ones fail. Returns what the backend acknowledged.
    private func send(_ batch: [Pending], report: inout SyncReport) async throws(SyncError)
        -> [Pending]
    {
        switch try await uploadWithRetries(batch.map(\.respondent), report: report) {
        case nil:
            return batch
        case .some where batch.count > 1:
            var acknowledged: [Pending] = []
            for item in batch {
                acknowledged += try await send([item], report: &report)
            }
            return acknowledged
        case .some(let refusal):
            let file = batch[0].fileName
            report.failures.append(.init(file: file, message: "\(file): \(refusal)"))
            return []
        }
    }

    /// Uploads, retrying an unavailable backend; returns the refusal when the backend refuses.
    private func uploadWithRetries(_ respondents: [Respondent], report: SyncReport)
        async throws(SyncError) -> String?
    {
        var attempt = 0
        while true {
            let failure: UploadError
            do {
                try await uploader.upload(respondents)
                return nil
            } catch {
                failure = error
            }
            switch failure {
            case .rejected(let status, let message):
                return "refused (\(status)): \(message)"
            case .unavailable(let reason):
                guard attempt < retryDelays.count else {
                    throw .backendUnavailable(
                        destination: uploader.destination, reason: reason, report: report)
                }
                try? await sleeper.sleep(for: retryDelays[attempt])
                attempt += 1
            }
        }
    }
}
