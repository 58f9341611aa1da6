import Foundation

/// Compares a folder of respondent files with what a backend's store holds, by content, without
/// trusting the ledger: every file is read and hashed (the ledger only spares parsing a file
/// whose content it has seen), the store answers 256 digest buckets, and only the buckets that
/// differ are compared respondent by respondent. An identical folder of 50,000 respondents
/// costs one request. `repair()` then sends what is missing or different.
public struct SurveyVerifier {
    private let folder: any RespondentFolder
    private let backend: any RespondentBackend
    private let pacing: SyncPacing

    public init(
        folder: any RespondentFolder,
        backend: any RespondentBackend,
        sleeper: any Sleeping = TaskSleeper(),
        retryDelays: [Duration] = SurveySynchronizer.standardRetryDelays,
        batchSize: Int = SurveySynchronizer.standardBatchSize
    ) {
        self.folder = folder
        self.backend = backend
        pacing = SyncPacing(sleeper: sleeper, retryDelays: retryDelays, batchSize: batchSize)
    }

    /// One respondent of the folder, as compared.
    private struct Local {
        let file: String
        let digest: String
    }

    public func verify() async throws(SyncError) -> VerifyReport {
        try await compare().report
    }

    /// Verifies, then sends every respondent that is missing or different, recording what the
    /// store acknowledged in the ledger as a sync does. The report counts what was repaired.
    public func repair() async throws(SyncError) -> VerifyReport {
        let claim = try folder.claimedForSync()
        defer { claim.end() }
        var (report, ledger) = try await compare()
        let files = report.differences.filter { $0.kind != .onlyOnBackend }.compactMap(\.file)
        guard !files.isEmpty else { return report }
        let session = session()
        ledger.addBackend(report.store, address: backend.address)
        let ledgerPath = folder.ledgerLocation
        let parsed = RespondentFileScan.scan(
            files, RespondentFileScan.Reader(folder: folder), isKnown: { _, _ in false })
        var items: [RespondentFileScan.Parsed] = []
        for outcome in parsed {
            if case .parsed(let item) = outcome { items.append(item) }
        }
        let sync = SyncReport()
        for start in stride(from: 0, to: items.count, by: pacing.batchSize) {
            let batch = Array(items[start..<min(start + pacing.batchSize, items.count)])
            if let refusal = try await session.upload(
                batch.map(\.respondent), to: report.store, report: sync)
            {
                throw .backendUnavailable(
                    destination: backend.destination, reason: refusal, report: sync)
            }
            for item in batch {
                ledger.acknowledge(
                    item.fileName,
                    SyncLedger.Entry(
                        contentHash: item.contentHash, respondentID: item.respondent.id,
                        digest: item.digest),
                    by: report.store)
            }
            report.repaired += batch.count
            try ledger.save(to: folder, path: ledgerPath, report: sync)
        }
        return report
    }

    private func session() -> BackendSession {
        pacing.session(with: backend)
    }

    /// The comparison, and the ledger it used (as a parse cache only).
    private func compare() async throws(SyncError) -> (report: VerifyReport, ledger: SyncLedger) {
        let ledgerPath = folder.ledgerLocation
        let ledgerData: Data?
        do {
            ledgerData = try folder.ledgerData()
        } catch {
            throw .ledgerUnreadable(path: ledgerPath, reason: "\(error)")
        }
        let ledger = try SyncLedger(data: ledgerData, location: ledgerPath)
        var report = VerifyReport()
        let local = try await readFolder(ledger: ledger, report: &report)
        let session = session()
        let (store, remote) = try await session.retrying(SyncReport()) {
            () throws(UploadError) in try await backend.digestBuckets()
        }
        report.store = store
        var expected = DigestBuckets()
        for (id, entry) in local { expected.toggle(RespondentDigest(id: id, digest: entry.digest)) }
        let differing = Set(remote.buckets(differingFrom: expected))
        var differences: [VerifyReport.Difference] = []
        var localByBucket: [Int: [String]] = [:]
        for id in local.keys {
            let bucket = RespondentDigest.bucket(ofID: id)
            if differing.contains(bucket) { localByBucket[bucket, default: []].append(id) }
        }
        for bucket in differing.sorted() {
            let (answeredBy, digests) = try await session.retrying(SyncReport()) {
                () throws(UploadError) in try await backend.digests(inBucket: bucket)
            }
            guard answeredBy == store else {
                throw .backendUnavailable(
                    destination: backend.destination,
                    reason:
                        "its store changed during the verify (it was \(store), it is now \(answeredBy))",
                    report: SyncReport())
            }
            let stored = Dictionary(digests.map { ($0.id, $0.digest) }) { first, _ in first }
            for id in localByBucket[bucket] ?? [] {
                let entry = local[id]!
                switch stored[id] {
                case nil: differences.append(.init(kind: .missing, id: id, file: entry.file))
                case entry.digest?: break
                default: differences.append(.init(kind: .different, id: id, file: entry.file))
                }
            }
            for digest in digests where local[digest.id] == nil {
                differences.append(.init(kind: .onlyOnBackend, id: digest.id, file: nil))
            }
        }
        // What another device sent is not this folder's to hold.
        let onlyThere = differences.filter { $0.kind == .onlyOnBackend }.map(\.id).sorted()
        var others = Set<String>()
        for start in stride(from: 0, to: onlyThere.count, by: SurveySynchronizer.lookupSize) {
            let ids = Array(
                onlyThere[start..<min(start + SurveySynchronizer.lookupSize, onlyThere.count)])
            guard
                let mine = try await session.retrying(
                    SyncReport(),
                    {
                        () throws(UploadError) in try await backend.sentByCaller(ids)
                    })
            else { break }
            others.formUnion(ids.filter { !mine.contains($0) })
        }
        report.fromOtherDevices = others.count
        differences.removeAll { $0.kind == .onlyOnBackend && others.contains($0.id) }
        report.differences = differences.sorted {
            ($0.id, $0.kind.rawValue) < ($1.id, $1.kind.rawValue)
        }
        report.identical = local.count - report.count(.missing) - report.count(.different)
        return (report, ledger)
    }

    /// Every respondent of the folder, by id, with its file and digest; a file that cannot be
    /// read or understood, or that claims an id another file stands for (`RespondentIDClaims`,
    /// the rule a sync follows), is a failure.
    private func readFolder(ledger: SyncLedger, report: inout VerifyReport) async throws(SyncError)
        -> [String: Local]
    {
        let files: [(name: String, size: Int?)]
        do {
            files = try folder.respondentFiles()
        } catch {
            throw .folderUnreadable(path: folder.location, reason: "\(error)")
        }
        let names = files.map(\.name)
        let reader = RespondentFileScan.Reader(folder: folder)
        let isKnown: @Sendable (String, String) -> Bool = { file, hash in
            ledger.knownRespondent(contentHash: hash, file: file) != nil
        }
        var local: [String: Local] = [:]
        var claims = RespondentIDClaims(listing: Set(names))
        for chunk in SurveySynchronizer.chunks(
            of: files.map(\.size), files: pacing.batchSize,
            bytes: SurveySynchronizer.maximumBatchBytes)
        {
            let outcomes = await RespondentFileScan.start(
                Array(names[chunk]), reader, isKnown: isKnown
            ).value
            for (name, outcome) in zip(names[chunk], outcomes) {
                let found: (id: String, digest: String)
                switch outcome {
                case .known(let hash):
                    found = ledger.knownRespondent(contentHash: hash, file: name)!
                case .parsed(let item):
                    found = (item.respondent.id, item.digest)
                case .failed(let message):
                    report.failures.append(.init(file: name, message: message))
                    continue
                }
                if let owner = claims.claim(found.id, by: name, ledger: ledger) {
                    report.failures.append(
                        .init(
                            file: name,
                            message: RespondentIDClaims.duplicate(name, id: found.id, owner: owner)
                        ))
                    continue
                }
                local[found.id] = Local(file: name, digest: found.digest)
            }
        }
        report.failures.sort { $0.file < $1.file }
        return local
    }
}
