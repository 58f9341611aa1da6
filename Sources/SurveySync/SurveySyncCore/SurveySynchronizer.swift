import Foundation

/// Sends every new or changed respondent file to the backend, in batches, recording each
/// acknowledged batch in a ledger beside the files so that a rerun (or a resumed, interrupted
/// run) sends only what the backend has not yet acknowledged.
///
/// With a `RespondentBackend`, acknowledgements are kept per store: a store the folder has
/// never synced to gets everything, and a store the folder knows is first checked (by digests)
/// to still hold what it acknowledged; whatever it lost (a database restored from an older
/// copy) is sent again. Each run says so in its report's notes.
public struct SurveySynchronizer {
    private let folder: any RespondentFolder
    private let uploader: any RespondentUploading
    private let pacing: SyncPacing

    /// The waits before each retry of an unavailable backend, unless told otherwise (a sync's
    /// and a verify's alike).
    public static let standardRetryDelays: [Duration] = [
        .milliseconds(250), .seconds(1), .seconds(4),
    ]
    /// Respondents per request, unless told otherwise.
    public static let standardBatchSize = 500

    /// - Parameters:
    ///   - retryDelays: the waits before each retry of an unavailable backend; after the last,
    ///     the sync stops.
    ///   - batchSize: respondents per request.
    public init(
        folder: any RespondentFolder,
        uploader: any RespondentUploading,
        sleeper: any Sleeping = TaskSleeper(),
        retryDelays: [Duration] = standardRetryDelays,
        batchSize: Int = standardBatchSize
    ) {
        self.folder = folder
        self.uploader = uploader
        pacing = SyncPacing(sleeper: sleeper, retryDelays: retryDelays, batchSize: batchSize)
    }

    /// The most bytes of files a batch carries (it always carries at least one file), and a
    /// chunk of files read at once: with files of at most `RespondentParser.maximumFileSize`,
    /// a sync holds at most three chunks' worth at a time, whatever the folder holds.
    public static let maximumBatchBytes = 4 * 1024 * 1024

    /// The most ids one lookup of digests asks about.
    static let lookupSize = 10_000

    private typealias Pending = RespondentFileScan.Parsed

    /// Reads the files, then parses them a batch at a time on every core while the previous
    /// batch is on its way to the backend, so that neither waits for the other.
    public func sync(progress: (SyncProgress) -> Void = { _ in }) async throws(SyncError)
        -> SyncReport
    {
        try await run(sending: true, progress: progress)
    }

    /// What a sync would send, and why it would not send the rest, without sending anything
    /// or recording anything in the ledger: the backend is asked only what it holds.
    public func dryRun() async throws(SyncError) -> SyncReport {
        try await run(sending: false, progress: { _ in })
    }

    private func run(sending: Bool, progress: (SyncProgress) -> Void) async throws(SyncError)
        -> SyncReport
    {
        let claim = try folder.claimedForSync()
        defer { claim.end() }
        let ledgerPath = folder.ledgerLocation
        var ledger = try SyncLedger(data: try readLedger(path: ledgerPath), location: ledgerPath)
        let files: [(name: String, size: Int?)]
        do {
            files = try folder.respondentFiles()
        } catch {
            throw .folderUnreadable(path: folder.location, reason: "\(error)")
        }
        let session = pacing.session(with: uploader)
        var report = SyncReport()
        report.isDryRun = !sending
        let (store, alreadyHeld) = try await prepare(
            session, &ledger, fileCount: files.count, report: &report)
        let acknowledged = ledger.backends[store]?.files ?? [:]
        let fileNames = files.map(\.name)
        let reader = RespondentFileScan.Reader(folder: folder)
        let isKnown: @Sendable (String, String) -> Bool = { file, hash in
            acknowledged[file]?.contentHash == hash
        }
        var pending: [Pending] = []
        var pendingBytes = 0
        var claims = RespondentIDClaims(listing: Set(fileNames))
        var handledFiles = 0
        let chunks = Self.chunks(
            of: files.map(\.size), files: pacing.batchSize, bytes: Self.maximumBatchBytes)
        var scanning = chunks.first.map {
            RespondentFileScan.start(Array(fileNames[$0]), reader, isKnown: isKnown)
        }
        defer { scanning?.cancel() }
        for (position, chunk) in chunks.enumerated() {
            let outcomes = await scanning?.value ?? []
            scanning =
                chunks.indices.contains(position + 1)
                ? RespondentFileScan.start(
                    Array(fileNames[chunks[position + 1]]), reader, isKnown: isKnown) : nil
            for (fileName, outcome) in zip(fileNames[chunk], outcomes) {
                switch outcome {
                case .known:
                    report.unchanged += 1
                case .failed(let message):
                    report.failures.append(.init(file: fileName, message: message))
                case .parsed(let item):
                    let id = item.respondent.id
                    if let owner = claims.claim(id, by: fileName, ledger: ledger) {
                        report.failures.append(
                            .init(
                                file: fileName,
                                message: RespondentIDClaims.duplicate(
                                    fileName, id: id, owner: owner)))
                    } else if alreadyHeld[id] == item.digest {
                        // An older ledger's acknowledgement, and the store holds exactly this.
                        ledger.acknowledge(fileName, Self.entry(item), by: store)
                        report.unchanged += 1
                    } else {
                        pending.append(item)
                        pendingBytes += item.size
                    }
                }
            }
            handledFiles += chunk.count
            let isLast = position == chunks.count - 1
            while pending.count >= pacing.batchSize || pendingBytes >= Self.maximumBatchBytes
                || (isLast && !pending.isEmpty)
            {
                let batch = Self.batch(
                    from: pending, files: pacing.batchSize, bytes: Self.maximumBatchBytes)
                pending.removeFirst(batch.count)
                pendingBytes -= batch.reduce(0) { $0 + $1.size }
                guard sending else {
                    report.toSend += batch.map(\.fileName)
                    continue
                }
                let sent = try await send(batch, to: store, session, report: &report)
                for item in sent { ledger.acknowledge(item.fileName, Self.entry(item), by: store) }
                report.synced += sent.count
                try ledger.save(to: folder, path: ledgerPath, report: report)
                progress(
                    SyncProgress(sent: handledFiles - pending.count, total: fileNames.count))
            }
        }
        if sending { try ledger.save(to: folder, path: ledgerPath, report: report) }
        report.failures.sort { $0.file < $1.file }
        report.toSend.sort()
        return report
    }

    /// Learns which store the backend keeps respondents in and brings the ledger in line with
    /// it: a store the folder has never synced to is recorded (and an older ledger's
    /// acknowledgements are checked against it); a known store is checked to still hold what
    /// it acknowledged. Returns the store's key in the ledger and, for an older ledger, the
    /// digests the store already holds.
    private func prepare(
        _ session: BackendSession, _ ledger: inout SyncLedger, fileCount: Int,
        report: inout SyncReport
    ) async throws(SyncError) -> (store: String, alreadyHeld: [String: String]) {
        guard let backend = session.backend else {
            ledger.addBackend(session.uploaderKey, address: uploader.destination)
            return (session.uploaderKey, [:])
        }
        let reported = report
        let store = try await session.retrying(reported) { () throws(UploadError) in
            try await backend.storeIdentity()
        }
        let name = "backend \(backend.address) (store \(store.prefix(8)))"
        guard ledger.backends[store] != nil else {
            ledger.addBackend(store, address: backend.address)
            if ledger.legacy.isEmpty {
                report.notes.append(
                    "\(name) is new to this folder: sending all \(SyncReport.number(fileCount))")
                return (store, [:])
            }
            let held = try await lookUp(
                ledger.legacy.values.map(\.respondentID), session, store: store, report: report)
            report.notes.append(
                "\(name) is new to this folder: of \(SyncReport.number(ledger.legacy.count)) respondents an older ledger recorded, \(SyncReport.number(held.count)) are there already; the rest are sent"
            )
            return (store, held)
        }
        let lost = try await withdrawLost(session, store: store, ledger: &ledger, report: report)
        if lost > 0 {
            report.notes.append(
                "\(name) no longer holds \(SyncReport.number(lost)) respondents it acknowledged (restored from an older copy, or changed by another device?): sending them again"
            )
        }
        return (store, [:])
    }

    /// Withdraws every acknowledgement the store no longer honours (the respondent is missing
    /// or different): the buckets tell where to look, a lookup of those ids tells which.
    private func withdrawLost(
        _ session: BackendSession, store: String, ledger: inout SyncLedger, report: SyncReport
    ) async throws(SyncError) -> Int {
        guard let backend = session.backend, let acknowledged = ledger.backends[store]?.files,
            !acknowledged.isEmpty
        else { return 0 }
        var expected = DigestBuckets()
        for entry in acknowledged.values {
            if let digest = entry.digest {
                expected.toggle(RespondentDigest(id: entry.respondentID, digest: digest))
            }
        }
        let (answeredBy, buckets) = try await session.retrying(report) {
            () throws(UploadError) in try await backend.digestBuckets()
        }
        try check(answeredBy, is: store, report: report)
        let differing = Set(buckets.buckets(differingFrom: expected))
        guard !differing.isEmpty else { return 0 }
        let suspects = acknowledged.filter {
            $0.value.digest == nil
                || differing.contains(RespondentDigest.bucket(ofID: $0.value.respondentID))
        }
        let held = try await lookUp(
            suspects.values.map(\.respondentID), session, store: store, report: report)
        var lost = 0
        for (file, entry) in suspects
        where entry.digest == nil || held[entry.respondentID] != entry.digest {
            ledger.withdraw(file, by: store)
            lost += 1
        }
        return lost
    }

    /// The digests the store holds for `ids`, asked a lookup at a time.
    private func lookUp(
        _ ids: [String], _ session: BackendSession, store: String, report: SyncReport
    ) async throws(SyncError) -> [String: String] {
        guard let backend = session.backend else { return [:] }
        var held: [String: String] = [:]
        for start in stride(from: 0, to: ids.count, by: Self.lookupSize) {
            let chunk = Array(ids[start..<min(start + Self.lookupSize, ids.count)])
            let (answeredBy, digests) = try await session.retrying(report) {
                () throws(UploadError) in try await backend.digests(ofIDs: chunk)
            }
            try check(answeredBy, is: store, report: report)
            held.merge(digests) { $1 }
        }
        return held
    }

    private func check(_ answeredBy: String, is store: String, report: SyncReport)
        throws(SyncError)
    {
        guard answeredBy == store else {
            throw .backendUnavailable(
                destination: uploader.destination,
                reason:
                    "its store changed during the sync (it was \(store), it is now \(answeredBy)); sync again to send the new store everything it lacks",
                report: report)
        }
    }

    private static func entry(_ item: Pending) -> SyncLedger.Entry {
        SyncLedger.Entry(
            contentHash: item.contentHash, respondentID: item.respondent.id, digest: item.digest)
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
    /// bytes, but at least one file — cut as the first chunk of files to read is.
    private static func batch(from pending: [Pending], files: Int, bytes: Int) -> [Pending] {
        let first = chunks(of: pending.prefix(files).map(\.size), files: files, bytes: bytes).first
        return Array(pending.prefix(first?.count ?? 0))
    }

    private func readLedger(path: String) throws(SyncError) -> Data? {
        do {
            return try folder.ledgerData()
        } catch {
            throw .ledgerUnreadable(path: path, reason: "\(error)")
        }
    }

    /// Sends a batch; when the backend refuses it, sends its respondents one by one so that only
    /// the refused ones fail. Returns what the backend acknowledged.
    private func send(
        _ batch: [Pending], to store: String, _ session: BackendSession, report: inout SyncReport
    ) async throws(SyncError) -> [Pending] {
        switch try await session.upload(batch.map(\.respondent), to: store, report: report) {
        case nil:
            return batch
        case .some where batch.count > 1:
            var acknowledged: [Pending] = []
            for item in batch {
                acknowledged += try await send([item], to: store, session, report: &report)
            }
            return acknowledged
        case .some(let refusal):
            let file = batch[0].fileName
            report.failures.append(.init(file: file, message: "\(file): \(refusal)"))
            return []
        }
    }
}
