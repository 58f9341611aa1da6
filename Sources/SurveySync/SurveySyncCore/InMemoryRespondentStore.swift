import Foundation

/// A respondent store in memory, with an identity of its own: for tests, and for anything that
/// needs a store that lasts as long as the process.
public final class InMemoryRespondentStore: ReviewedRespondentStore, @unchecked Sendable {
    private struct Stored {
        var respondent: Respondent
        var digest: String
        var revision: Int
        var status: RespondentStatus
        /// The words a search finds it by.
        var searchText: String
        var history: [RespondentEvent]
        /// Every version that arrived, the first first.
        var versions: [RespondentVersion]
    }

    private let lock = NSLock()
    private let storeIdentity: String
    /// Keyed by the ids' bytes, as SQLite and PostgreSQL tell ids apart.
    private var stored: [RespondentIDKey: Stored] = [:]
    private var buckets = DigestBuckets()
    private var revision = 0

    /// A new store with an identity of its own.
    public init() {
        storeIdentity = UUID().uuidString.lowercased()
    }

    /// A store with `identity` holding `respondents`: a copy of another store, as a backup
    /// restored would be.
    public init(identity: String, respondents: [Respondent]) {
        storeIdentity = identity
        for respondent in respondents { store(respondent, from: .unknown, at: Date()) }
    }

    /// What the store holds now, to copy it.
    public var all: [Respondent] {
        lock.withLock { stored.values.sorted { $0.revision < $1.revision }.map(\.respondent) }
    }

    public func upsert(_ respondents: [Respondent], from sender: RespondentSender) async throws
        -> UpsertCounts
    {
        lock.withLock {
            let now = Date()
            var counts = UpsertCounts(received: respondents.count)
            for respondent in respondents {
                switch store(respondent, from: sender, at: now) {
                case nil: counts.unchanged += 1
                case true?: counts.created += 1
                case false?: counts.updated += 1
                }
            }
            return counts
        }
    }

    /// Stores one respondent; true when it is new, false when it changed, nil when it did not.
    @discardableResult
    private func store(_ respondent: Respondent, from sender: RespondentSender, at now: Date)
        -> Bool?
    {
        let digest = RespondentDigest(respondent)
        let existing = stored[RespondentIDKey(respondent.id)]
        if let existing {
            if existing.digest == digest.digest { return nil }
            buckets.toggle(RespondentDigest(id: respondent.id, digest: existing.digest))
        }
        buckets.toggle(digest)
        revision += 1
        let version = RespondentVersion(
            number: (existing?.versions.count ?? 0) + 1, respondent: respondent, sender: sender,
            at: now)
        let event = RespondentEvent(
            kind: existing == nil ? .received : .changed, state: .received, at: now, sender: sender,
            version: version.number)
        stored[RespondentIDKey(respondent.id)] = Stored(
            respondent: respondent, digest: digest.digest, revision: revision,
            status: RespondentStatus(state: .received, sender: sender, receivedAt: now),
            searchText: RespondentSearch.searchText(of: respondent),
            history: (existing?.history ?? []) + [event],
            versions: (existing?.versions ?? []) + [version])
        return existing == nil
    }

    public func respondents(limit: Int, after id: String?) async throws -> [Respondent] {
        lock.withLock {
            stored.keys.sorted().filter { $0 > RespondentIDKey(id ?? "") }.prefix(max(0, limit))
                .compactMap { stored[$0]?.respondent }
        }
    }

    public func newestRespondents(limit: Int, offset: Int) async throws -> [Respondent] {
        lock.withLock {
            stored.values.sorted { $0.revision > $1.revision }.dropFirst(max(0, offset))
                .prefix(max(0, limit)).map(\.respondent)
        }
    }

    public func respondent(id: String) async throws -> Respondent? {
        lock.withLock { stored[RespondentIDKey(id)]?.respondent }
    }

    public func count() async throws -> Int {
        lock.withLock { stored.count }
    }

    public func identity() async throws -> String { storeIdentity }

    public func setReview(
        _ state: ReviewState, of ids: [String], by reviewer: String, comment: String?
    ) async throws {
        try lock.withLock {
            let now = Date()
            if let unknown = ids.first(where: { stored[RespondentIDKey($0)] == nil }) {
                throw UnknownRespondentError(id: unknown)
            }
            for key in ids.map(RespondentIDKey.init) {
                stored[key]?.status.state = state
                stored[key]?.status.reviewer = reviewer
                stored[key]?.status.reviewedAt = now
                stored[key]?.status.comment = comment
                stored[key]?.history.append(
                    RespondentEvent(
                        kind: .reviewed, state: state, at: now,
                        sender: RespondentSender(user: reviewer, device: nil), comment: comment))
            }
        }
    }

    public func digests(ofIDs ids: [String]) async throws -> [String: String] {
        lock.withLock {
            var found: [String: String] = [:]
            for id in ids { found[id] = stored[RespondentIDKey(id)]?.digest }
            return found
        }
    }

    public func statuses(of ids: [String]) async throws -> [String: RespondentStatus] {
        lock.withLock {
            var found: [String: RespondentStatus] = [:]
            for id in ids { found[id] = stored[RespondentIDKey(id)]?.status }
            return found
        }
    }

    public func history(of id: String) async throws -> [RespondentEvent] {
        lock.withLock { stored[RespondentIDKey(id)]?.history ?? [] }
    }

    public func history(of id: String, latest limit: Int) async throws
        -> (events: [RespondentEvent], earlier: Int)
    {
        let all = try await history(of: id)
        let kept = Array(all.suffix(max(0, limit)))
        return (kept, all.count - kept.count)
    }

    public func newestRespondents(matching filter: RespondentFilter, limit: Int, offset: Int)
        async throws -> [Respondent]
    {
        lock.withLock {
            stored.values.filter {
                filter.matches($0.respondent, $0.status, searchText: $0.searchText)
            }
            .sorted { $0.revision > $1.revision }.dropFirst(max(0, offset))
            .prefix(max(0, limit)).map(\.respondent)
        }
    }

    public func respondentBodies(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8])]
    {
        try await originals(matching: filter, limit: limit, after: id).map { ($0.id, $0.body) }
    }

    public func version(_ number: Int, of id: String) async throws -> RespondentVersion? {
        lock.withLock {
            guard let versions = stored[RespondentIDKey(id)]?.versions,
                number >= 1, number <= versions.count
            else { return nil }
            return versions[number - 1]
        }
    }

    public func original(of id: String) async throws -> String? {
        lock.withLock { stored[RespondentIDKey(id)]?.respondent.originalYAML }
    }

    public func originals(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8], original: String?)]
    {
        lock.withLock {
            stored.keys.sorted().filter { $0 > RespondentIDKey(id ?? "") }
                .compactMap { stored[$0] }.filter {
                    filter.matches($0.respondent, $0.status, searchText: $0.searchText)
                }
                .prefix(max(0, limit)).map {
                    ($0.respondent.id, $0.respondent.canonicalJSON, $0.respondent.originalYAML)
                }
        }
    }

    public func newestRespondents(
        matching filter: RespondentFilter, limit: Int, before revision: Int?
    ) async throws -> [(respondent: Respondent, revision: Int)] {
        lock.withLock {
            stored.values.filter {
                filter.matches($0.respondent, $0.status, searchText: $0.searchText)
                    && $0.revision < (revision ?? .max)
            }
            .sorted { $0.revision > $1.revision }.prefix(max(0, limit))
            .map { ($0.respondent, $0.revision) }
        }
    }

    public func oldestRespondents(
        matching filter: RespondentFilter, limit: Int, after revision: Int
    )
        async throws -> [(respondent: Respondent, revision: Int)]
    {
        lock.withLock {
            stored.values.filter {
                filter.matches($0.respondent, $0.status, searchText: $0.searchText)
                    && $0.revision > revision
            }
            .sorted { $0.revision < $1.revision }.prefix(max(0, limit))
            .map { ($0.respondent, $0.revision) }
        }
    }

    public func count(matching filter: RespondentFilter) async throws -> Int {
        lock.withLock {
            stored.values.count {
                filter.matches($0.respondent, $0.status, searchText: $0.searchText)
            }
        }
    }

    public func reviewCounts() async throws -> [ReviewState: Int] {
        lock.withLock {
            stored.values.reduce(into: [:]) { counts, stored in
                counts[stored.status.state, default: 0] += 1
            }
        }
    }

    public func senderCounts() async throws -> [(sender: RespondentSender, count: Int)] {
        let counts = lock.withLock {
            stored.values.reduce(into: [RespondentSender: Int]()) { counts, stored in
                counts[stored.status.sender, default: 0] += 1
            }
        }
        return counts.sorted { RespondentSender.listedBefore($0.key, $1.key) }
            .map { (sender: $0.key, count: $0.value) }
    }

    public func digestBuckets() async throws -> DigestBuckets {
        lock.withLock { buckets }
    }

    public func digests(inBucket bucket: Int) async throws -> [RespondentDigest] {
        lock.withLock {
            stored.values.map { RespondentDigest(id: $0.respondent.id, digest: $0.digest) }
                .filter { RespondentDigest.bucket(ofID: $0.id) == bucket }
                .sorted { $0.id < $1.id }
        }
    }
}
