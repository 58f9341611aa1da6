import CasebookPostgres
import Foundation
import PostgresNIO
import StoreFailures
import SurveySyncCore

/// Respondents in PostgreSQL, shared by every server on the database. An upsert is one
/// transaction that holds an advisory lock, so upserts through any number of servers apply one
/// after another: each id ends with the last write, and none is lost or stored twice. Each row
/// keeps its digest and bucket, and `respondent_digest_bucket` the XOR of each bucket.
public final class PostgresRespondentStore: ReviewedRespondentStore {
    private let client: PostgresClient
    private let operations: PostgresOperations

    /// The lock upserts take: "respond" in ASCII.
    private static let upsertLock: Int64 = 0x72_65_73_70_6F_6E_64

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "respondents",
        migrations: [
            PostgresMigration(
                1, "create respondent with identity and digests",
                sql: [
                    """
                    CREATE TABLE respondent (
                        id text COLLATE "C" PRIMARY KEY,
                        body text NOT NULL,
                        revision bigint NOT NULL,
                        received_at timestamptz NOT NULL,
                        digest text NOT NULL,
                        bucket integer NOT NULL
                    )
                    """,
                    "CREATE INDEX respondent_revision ON respondent (revision)",
                    "CREATE INDEX respondent_bucket ON respondent (bucket, id)",
                    """
                    CREATE TABLE respondent_identity (
                        id integer PRIMARY KEY CHECK (id = 1), identity text NOT NULL)
                    """,
                    "INSERT INTO respondent_identity (id, identity) VALUES (1, gen_random_uuid()::text)",
                    """
                    CREATE TABLE respondent_digest_bucket (
                        bucket integer PRIMARY KEY, value text NOT NULL)
                    """,
                    """
                    INSERT INTO respondent_digest_bucket (bucket, value)
                    SELECT bucket, repeat('0', 64) FROM generate_series(0, 255) AS bucket
                    """,
                ]),
            // Respondents stored before reviews existed are "received", from an unknown
            // sender, and their history starts with their arrival.
            PostgresMigration(
                2, "reviews and senders",
                sql: [
                    """
                    ALTER TABLE respondent
                        ADD COLUMN review_state text NOT NULL DEFAULT 'received',
                        ADD COLUMN reviewer text,
                        ADD COLUMN reviewed_at timestamptz,
                        ADD COLUMN review_comment text,
                        ADD COLUMN sender_user text,
                        ADD COLUMN sender_device text
                    """,
                    """
                    CREATE TABLE respondent_event (
                        seq bigserial PRIMARY KEY,
                        respondent_id text COLLATE "C" NOT NULL,
                        kind text NOT NULL,
                        state text NOT NULL,
                        at timestamptz NOT NULL,
                        user_name text,
                        device text,
                        comment text
                    )
                    """,
                    "CREATE INDEX respondent_event_respondent ON respondent_event (respondent_id, seq)",
                    """
                    INSERT INTO respondent_event (respondent_id, kind, state, at)
                    SELECT id, 'received', 'received', received_at FROM respondent ORDER BY revision
                    """,
                ]),
            PostgresMigration(
                3, "review and sender indexes",
                sql: [
                    "CREATE INDEX respondent_review ON respondent (review_state, revision)",
                    """
                    CREATE INDEX respondent_sender ON respondent (sender_user, sender_device, revision)
                    """,
                ]),
            // How many respondents are in each state from each sender, kept up to date by the
            // transactions that change them: a filter's count is a sum of a few rows.
            PostgresMigration(
                4, "respondent counts",
                sql: [
                    """
                    CREATE TABLE respondent_count (
                        review_state text NOT NULL,
                        sender_user text NOT NULL,
                        user_known boolean NOT NULL,
                        sender_device text NOT NULL,
                        device_known boolean NOT NULL,
                        n bigint NOT NULL,
                        PRIMARY KEY (
                            review_state, sender_user, user_known, sender_device, device_known)
                    )
                    """,
                    """
                    INSERT INTO respondent_count (
                        review_state, sender_user, user_known, sender_device, device_known, n)
                    SELECT review_state, coalesce(sender_user, ''), sender_user IS NOT NULL,
                        coalesce(sender_device, ''), sender_device IS NOT NULL, COUNT(*)
                    FROM respondent
                    GROUP BY review_state, coalesce(sender_user, ''), sender_user IS NOT NULL,
                        coalesce(sender_device, ''), sender_device IS NOT NULL
                    """,
                ]),
            // The words of each respondent's values, folded (`RespondentSearch.searchText`),
            // for a search. A respondent stored before is indexed by the words of its JSON
            // (its fields' names too, accents kept) until it changes.
            PostgresMigration(
                5, "respondent search",
                sql: [
                    "ALTER TABLE respondent ADD COLUMN search_words tsvector",
                    // At most 100,000 characters of each: a tsvector holds at most a megabyte.
                    """
                    UPDATE respondent SET search_words = to_tsvector('simple', left(body, 100000))
                    """,
                    "CREATE INDEX respondent_search ON respondent USING GIN (search_words)",
                ]),
            // For a filter by when respondents arrived.
            PostgresMigration(
                6, "respondent arrival",
                sql: ["CREATE INDEX respondent_received ON respondent (received_at)"]),
            // The text of the file each current version was read from, when it came with one.
            PostgresMigration(
                7, "respondent original", sql: ["ALTER TABLE respondent ADD COLUMN original text"]),
            // For a filter's respondents in id order (an export of it, a pass that sorts it):
            // read a page at a time from the index, whatever the planner knows of the table.
            PostgresMigration(
                8, "review and sender in id order",
                sql: [
                    "CREATE INDEX respondent_review_id ON respondent (review_state, id)",
                    """
                    CREATE INDEX respondent_sender_id ON respondent (sender_user, sender_device, id)
                    """,
                ]),
            // Every version that arrives is numbered from 1 with its arrival, and a version a
            // later one replaces is kept with its own (the current one is the respondent's
            // row). The arrivals before are numbered; what they replaced was not kept, so their
            // body stays NULL.
            PostgresMigration(
                9, "respondent versions",
                sql: [
                    """
                    ALTER TABLE respondent_event ADD COLUMN version integer,
                        ADD COLUMN body text, ADD COLUMN original text
                    """,
                    """
                    UPDATE respondent_event AS event SET version = numbered.version
                    FROM (
                        SELECT seq, row_number() OVER (PARTITION BY respondent_id ORDER BY seq)
                            AS version
                        FROM respondent_event WHERE kind IN ('received', 'changed')
                    ) AS numbered
                    WHERE event.seq = numbered.seq
                    """,
                    """
                    CREATE UNIQUE INDEX respondent_event_version
                        ON respondent_event (respondent_id, version)
                    """,
                ]),
        ])

    /// The store on `client`, whose database `PostgresDatabase.prepare` has migrated; every
    /// operation goes through `operations` (an operation that waits longer than its deadline
    /// fails as unavailable).
    public init(client: PostgresClient, operations: PostgresOperations = PostgresOperations()) {
        self.client = client
        self.operations = operations
    }

    /// A row as it will be written.
    private struct Row: Sendable {
        var body: String
        var digest: String
        /// The words a search finds it by (for a row to write).
        var words = ""
        /// The text of its file (for a row to write).
        var original: String? = nil
    }

    public func upsert(_ respondents: [Respondent], from sender: RespondentSender) async throws
        -> UpsertCounts
    {
        let incoming = respondents.map { respondent in
            let body = StoredRespondent.body(of: respondent)
            return (
                id: respondent.id,
                row: Row(
                    body: body, digest: StoredRespondent.digest(ofBody: body),
                    words: RespondentSearch.searchText(of: respondent),
                    original: respondent.originalYAML)
            )
        }
        let ids = Array(Set(incoming.map { RespondentIDKey($0.id) })).map(\.id)
        return try await answering { client in
            try await client.withTransaction(logger: PostgresDatabase.quietLogger) { connection in
                _ = try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.upsertLock))",
                    logger: PostgresDatabase.quietLogger)
                // The time once the lock is held: writes' times follow their order.
                let now = try await Self.single(
                    Date.self, "SELECT clock_timestamp()", on: connection)
                // Keyed by the ids' bytes, as the table tells them apart.
                var stored: [RespondentIDKey: Row] = [:]
                var standing: [RespondentIDKey: (state: ReviewState, sender: RespondentSender)] =
                    [:]
                let existing = try await connection.query(
                    """
                    SELECT id, body, digest, review_state, sender_user, sender_device, original
                    FROM respondent WHERE id = ANY(\(ids))
                    """,
                    logger: PostgresDatabase.quietLogger)
                for try await (id, body, digest, state, user, device, original) in existing.decode(
                    (String, String, String, String, String?, String?, String?).self)
                {
                    stored[RespondentIDKey(id)] = Row(
                        body: body, digest: digest, original: original)
                    standing[RespondentIDKey(id)] = (
                        try ReviewState(stored: state, of: id),
                        RespondentSender(user: user, device: device)
                    )
                }
                var tallies = RespondentTallies()
                var buckets = try await Self.loadBuckets(on: connection)
                // One respondent at a time, as they came: a later copy of an id in the batch
                // counts against the earlier one.
                var counts = UpsertCounts(received: incoming.count)
                var written: [RespondentIDKey: Row] = [:]
                var order: [RespondentIDKey] = []
                var eventIDs: [String] = []
                var eventKinds: [String] = []
                // The version a change replaces is kept with its arrival: one this batch
                // brought, with its event; one the store held, by an update of its latest.
                var eventReplaced: [Row?] = []
                var lastEvent: [RespondentIDKey: Int] = [:]
                var replacedStored: [(id: String, row: Row)] = []
                for (text, row) in incoming {
                    let id = RespondentIDKey(text)
                    // Compared as bytes: Swift's == would take the same letters in another
                    // Unicode normalisation for the same text, and drop the change.
                    if let current = stored[id], current.body.utf8.elementsEqual(row.body.utf8) {
                        counts.unchanged += 1
                        continue
                    }
                    if let current = stored[id] {
                        buckets.toggle(RespondentDigest(id: text, digest: current.digest))
                        counts.updated += 1
                    } else {
                        counts.created += 1
                    }
                    buckets.toggle(RespondentDigest(id: text, digest: row.digest))
                    if let current = standing[id] {
                        tallies.remove(current.state, from: current.sender)
                    }
                    tallies.add(.received, from: sender)
                    standing[id] = (.received, sender)
                    let kind: RespondentEvent.Kind = stored[id] == nil ? .received : .changed
                    if let current = stored[id] {
                        if let previous = lastEvent[id] {
                            eventReplaced[previous] = current
                        } else {
                            replacedStored.append((text, current))
                        }
                    }
                    lastEvent[id] = eventIDs.count
                    eventIDs.append(text)
                    eventKinds.append(kind.rawValue)
                    eventReplaced.append(nil)
                    stored[id] = row
                    // A later copy of an id is written last, as the other stores write it.
                    if written.updateValue(row, forKey: id) != nil { order.removeAll { $0 == id } }
                    order.append(id)
                }
                guard !order.isEmpty else { return counts }
                let revision = try await Self.single(
                    Int.self, "SELECT COALESCE(MAX(revision), 0) FROM respondent", on: connection)
                let bodies = order.map { written[$0]!.body }
                let digests = order.map { written[$0]!.digest }
                let words = order.map { written[$0]!.words }
                // An array of optional text cannot be bound: the text, and whether there is one.
                let originals = order.map { written[$0]!.original ?? "" }
                let hasOriginals = order.map { written[$0]!.original != nil }
                let revisions = order.indices.map { revision + 1 + $0 }
                let bucketNumbers = order.map { RespondentDigest.bucket(ofID: $0.id) }
                _ = try await connection.query(
                    """
                    INSERT INTO respondent (
                        id, body, revision, received_at, digest, bucket, sender_user,
                        sender_device, search_words, original)
                    SELECT id, body, revision, \(now), digest, bucket, \(sender.user),
                        \(sender.device), array_to_tsvector(string_to_array(words, ' ')),
                        CASE WHEN has_original THEN original END
                    FROM unnest(\(order.map(\.id))::text[], \(bodies)::text[], \(revisions)::bigint[],
                                \(digests)::text[], \(bucketNumbers)::integer[],
                                \(words)::text[], \(originals)::text[], \(hasOriginals)::boolean[])
                         AS incoming(
                             id, body, revision, digest, bucket, words, original, has_original)
                    ON CONFLICT (id) DO UPDATE SET
                        body = excluded.body, revision = excluded.revision,
                        original = excluded.original,
                        received_at = excluded.received_at, digest = excluded.digest,
                        search_words = excluded.search_words,
                        sender_user = excluded.sender_user,
                        sender_device = excluded.sender_device,
                        review_state = 'received', reviewer = NULL, reviewed_at = NULL,
                        review_comment = NULL
                    """, logger: PostgresDatabase.quietLogger)
                if !replacedStored.isEmpty {
                    _ = try await connection.query(
                        """
                        UPDATE respondent_event AS event SET body = replaced.body,
                            original = CASE WHEN replaced.has_original THEN replaced.original END
                        FROM unnest(
                            \(replacedStored.map(\.id))::text[],
                            \(replacedStored.map(\.row.body))::text[],
                            \(replacedStored.map { $0.row.original ?? "" })::text[],
                            \(replacedStored.map { $0.row.original != nil })::boolean[]
                        ) AS replaced(id, body, original, has_original)
                        WHERE event.respondent_id = replaced.id AND event.version = (
                            SELECT MAX(version) FROM respondent_event
                            WHERE respondent_id = replaced.id)
                        """, logger: PostgresDatabase.quietLogger)
                }
                _ = try await connection.query(
                    """
                    INSERT INTO respondent_event (
                        respondent_id, kind, state, at, user_name, device, version, body,
                        original)
                    SELECT id, kind, 'received', \(now), \(sender.user), \(sender.device),
                        (SELECT COALESCE(MAX(version), 0) FROM respondent_event AS earlier
                         WHERE earlier.respondent_id = incoming.id)
                            + row_number() OVER (PARTITION BY id ORDER BY position),
                        CASE WHEN is_replaced THEN body END,
                        CASE WHEN is_replaced AND has_original THEN original END
                    FROM unnest(
                        \(eventIDs)::text[], \(eventKinds)::text[],
                        \(eventReplaced.map { $0?.body ?? "" })::text[],
                        \(eventReplaced.map { $0?.original ?? "" })::text[],
                        \(eventReplaced.map { $0?.original != nil })::boolean[],
                        \(eventReplaced.map { $0 != nil })::boolean[]
                    ) WITH ORDINALITY
                         AS incoming(id, kind, body, original, has_original, is_replaced, position)
                    ORDER BY position
                    """, logger: PostgresDatabase.quietLogger)
                try await Self.save(tallies, on: connection)
                let changed = Array(Set(bucketNumbers)).sorted()
                let hex = buckets.hex
                let values = changed.map { hex[$0] }
                _ = try await connection.query(
                    """
                    UPDATE respondent_digest_bucket AS stored SET value = changed.value
                    FROM unnest(\(changed)::integer[], \(values)::text[]) AS changed(bucket, value)
                    WHERE stored.bucket = changed.bucket
                    """, logger: PostgresDatabase.quietLogger)
                return counts
            }
        }
    }

    public func identity() async throws -> String {
        try await answering { client in
            let rows = try await client.query("SELECT identity FROM respondent_identity")
            for try await identity in rows.decode(String.self) { return identity }
            throw DamagedRowError(store: "respondents", key: nil, problem: "it has no identity")
        }
    }

    public func digestBuckets() async throws -> DigestBuckets {
        try await answering { client in
            try await client.withConnection { connection in
                try await Self.loadBuckets(on: connection)
            }
        }
    }

    public func digests(inBucket bucket: Int) async throws -> [RespondentDigest] {
        try await answering { client in
            var digests: [RespondentDigest] = []
            let rows = try await client.query(
                "SELECT id, digest FROM respondent WHERE bucket = \(bucket) ORDER BY id")
            for try await (id, digest) in rows.decode((String, String).self) {
                digests.append(RespondentDigest(id: id, digest: digest))
            }
            return digests
        }
    }

    public func respondents(limit: Int, after id: String?) async throws -> [Respondent] {
        let after = id ?? ""
        return try await bodies(
            "SELECT body FROM respondent WHERE id > \(after) ORDER BY id LIMIT \(limit)")
    }

    public func respondentBodies(limit: Int, after id: String?) async throws
        -> [(id: String, body: [UInt8])]
    {
        let after = id ?? ""
        let query: PostgresQuery =
            "SELECT id, body FROM respondent WHERE id > \(after) ORDER BY id LIMIT \(limit)"
        return try await answering { client in
            var rows: [(id: String, body: [UInt8])] = []
            for try await (id, body) in try await client.query(query).decode((String, String).self)
            {
                rows.append((id, Array(body.utf8)))
            }
            return rows
        }
    }

    public func newestRespondents(limit: Int, offset: Int) async throws -> [Respondent] {
        try await bodies(
            "SELECT body FROM respondent ORDER BY revision DESC LIMIT \(limit) OFFSET \(offset)")
    }

    public func respondent(id: String) async throws -> Respondent? {
        try await bodies("SELECT body FROM respondent WHERE id = \(id)").first
    }

    public func setReview(
        _ state: ReviewState, of ids: [String], by reviewer: String, comment: String?
    ) async throws {
        let unknown = try await answering { client in
            try await client.withTransaction(logger: PostgresDatabase.quietLogger) {
                connection -> String? in
                // Upserts read a respondent's state before they change it: one at a time.
                _ = try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.upsertLock))",
                    logger: PostgresDatabase.quietLogger)
                let now = try await Self.single(
                    Date.self, "SELECT clock_timestamp()", on: connection)
                var found: [String: (state: ReviewState, sender: RespondentSender)] = [:]
                let held = try await connection.query(
                    """
                    SELECT id, review_state, sender_user, sender_device FROM respondent
                    WHERE id = ANY(\(ids)) FOR UPDATE
                    """,
                    logger: PostgresDatabase.quietLogger)
                for try await (id, current, user, device) in held.decode(
                    (String, String, String?, String?).self)
                {
                    found[id] = (
                        try ReviewState(stored: current, of: id),
                        RespondentSender(user: user, device: device)
                    )
                }
                // An unknown id changes nothing (a refusal thrown here would come out as the
                // database's failure).
                if let unknown = ids.first(where: { found[$0] == nil }) { return unknown }
                var tallies = RespondentTallies()
                for id in ids {
                    guard let current = found[id] else { continue }
                    tallies.remove(current.state, from: current.sender)
                    tallies.add(state, from: current.sender)
                    found[id] = (state, current.sender)
                }
                _ = try await connection.query(
                    """
                    UPDATE respondent SET review_state = \(state.rawValue),
                        reviewer = \(reviewer), reviewed_at = \(now), review_comment = \(comment)
                    WHERE id = ANY(\(ids))
                    """, logger: PostgresDatabase.quietLogger)
                _ = try await connection.query(
                    """
                    INSERT INTO respondent_event (
                        respondent_id, kind, state, at, user_name, comment)
                    SELECT id, 'reviewed', \(state.rawValue), \(now), \(reviewer), \(comment)
                    FROM unnest(\(ids)::text[]) WITH ORDINALITY AS reviewed(id, position)
                    ORDER BY position
                    """, logger: PostgresDatabase.quietLogger)
                try await Self.save(tallies, on: connection)
                return nil
            }
        }
        if let unknown { throw UnknownRespondentError(id: unknown) }
    }

    /// Applies `tallies` to the stored counts.
    private static func save(_ tallies: RespondentTallies, on connection: PostgresConnection)
        async throws
    {
        let deltas = tallies.deltas
        guard !deltas.isEmpty else { return }
        let states = deltas.map(\.key.state.rawValue)
        // An unknown user or device is "" and a flag, in the table as in the arrays sent (a key
        // of NULLs would need PostgreSQL 15's NULLS NOT DISTINCT).
        let users = deltas.map { $0.key.sender.user ?? "" }
        let userKnown = deltas.map { $0.key.sender.user != nil }
        let devices = deltas.map { $0.key.sender.device ?? "" }
        let deviceKnown = deltas.map { $0.key.sender.device != nil }
        let changes = deltas.map(\.delta)
        _ = try await connection.query(
            """
            INSERT INTO respondent_count AS stored (
                review_state, sender_user, user_known, sender_device, device_known, n)
            SELECT * FROM unnest(\(states)::text[], \(users)::text[], \(userKnown)::boolean[],
                                 \(devices)::text[], \(deviceKnown)::boolean[],
                                 \(changes)::bigint[])
            ON CONFLICT (review_state, sender_user, user_known, sender_device, device_known)
            DO UPDATE SET n = stored.n + excluded.n
            """, logger: PostgresDatabase.quietLogger)
    }

    public func digests(ofIDs ids: [String]) async throws -> [String: String] {
        try await answering { client in
            var found: [String: String] = [:]
            let rows = try await client.query(
                "SELECT id, digest FROM respondent WHERE id = ANY(\(ids))",
                logger: PostgresDatabase.quietLogger)
            for try await (id, digest) in rows.decode((String, String).self) { found[id] = digest }
            return found
        }
    }

    public func statuses(of ids: [String]) async throws -> [String: RespondentStatus] {
        try await answering { client in
            var found: [String: RespondentStatus] = [:]
            let rows = try await client.query(
                """
                SELECT id, review_state, reviewer, reviewed_at, review_comment, sender_user,
                    sender_device, received_at
                FROM respondent WHERE id = ANY(\(ids))
                """, logger: PostgresDatabase.quietLogger)
            for try await (id, state, reviewer, reviewedAt, comment, user, device, receivedAt)
                in rows.decode(
                    (String, String, String?, Date?, String?, String?, String?, Date).self)
            {
                found[id] = RespondentStatus(
                    state: try ReviewState(stored: state, of: id), reviewer: reviewer,
                    reviewedAt: reviewedAt, comment: comment,
                    sender: RespondentSender(user: user, device: device), receivedAt: receivedAt)
            }
            return found
        }
    }

    public func history(of id: String) async throws -> [RespondentEvent] {
        try await history(of: id, latest: Int.max).events
    }

    public func history(of id: String, latest limit: Int) async throws
        -> (events: [RespondentEvent], earlier: Int)
    {
        let limit = max(0, limit)
        return try await answering { client in
            let total = try await client.withConnection { connection in
                try await Self.single(
                    Int.self,
                    "SELECT COUNT(*)::bigint FROM respondent_event WHERE respondent_id = \(id)",
                    on: connection)
            }
            var events: [RespondentEvent] = []
            let rows = try await client.query(
                """
                SELECT kind, state, at, user_name, device, comment, version FROM respondent_event
                WHERE respondent_id = \(id) ORDER BY seq DESC LIMIT \(limit)
                """, logger: PostgresDatabase.quietLogger)
            for try await (kind, state, at, user, device, comment, version) in rows.decode(
                (String, String, Date, String?, String?, String?, Int32?).self)
            {
                let kind = try RespondentEvent.Kind(stored: kind, of: id)
                events.append(
                    RespondentEvent(
                        kind: kind, state: try ReviewState(stored: state, of: id), at: at,
                        sender: RespondentSender(user: user, device: device), comment: comment,
                        version: version.map(Int.init)))
            }
            return (events.reversed(), total - events.count)
        }
    }

    public func version(_ number: Int, of id: String) async throws -> RespondentVersion? {
        // A number past what the column holds names no version.
        guard let stored = Int32(exactly: number) else { return nil }
        return try await answering { client in
            let rows = try await client.query(
                """
                SELECT event.at, event.user_name, event.device,
                    CASE WHEN is_current THEN current.body ELSE event.body END,
                    CASE WHEN is_current THEN current.original ELSE event.original END
                FROM respondent_event AS event
                LEFT JOIN respondent AS current ON current.id = event.respondent_id,
                LATERAL (
                    SELECT event.version = (
                        SELECT MAX(version) FROM respondent_event
                        WHERE respondent_id = event.respondent_id
                    ) AS is_current
                ) AS latest
                WHERE event.respondent_id = \(id) AND event.version = \(stored)
                """, logger: PostgresDatabase.quietLogger)
            // The current version is the respondent's row; one it replaced, its arrival's.
            var found: RespondentVersion?
            for try await (at, user, device, body, original) in rows.decode(
                (Date, String?, String?, String?, String?).self)
            {
                var respondent = try body.map(StoredRespondent.respondent(fromBody:))
                respondent?.originalYAML = original
                found = RespondentVersion(
                    number: number, respondent: respondent,
                    sender: RespondentSender(user: user, device: device), at: at)
            }
            return found
        }
    }

    public func newestRespondents(matching filter: RespondentFilter, limit: Int, offset: Int)
        async throws -> [Respondent]
    {
        try await bodies(
            """
            SELECT body FROM respondent WHERE \(respondentsMatching: filter)
            ORDER BY revision DESC LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
            """)
    }

    public func original(of id: String) async throws -> String? {
        try await answering { client in
            let rows = try await client.query(
                "SELECT original FROM respondent WHERE id = \(id)",
                logger: PostgresDatabase.quietLogger)
            for try await original in rows.decode(String?.self) { return original }
            return nil
        }
    }

    public func originals(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8], original: String?)]
    {
        let after = id ?? ""
        return try await answering { client in
            var found: [(id: String, body: [UInt8], original: String?)] = []
            let rows = try await client.query(
                """
                SELECT id, body, original FROM respondent
                WHERE id > \(after)
                    AND \(respondentsMatching: filter)
                ORDER BY id LIMIT \(max(0, limit))
                """, logger: PostgresDatabase.quietLogger)
            for try await (id, body, original) in rows.decode((String, String, String?).self) {
                found.append((id, Array(body.utf8), original))
            }
            return found
        }
    }

    public func respondentBodies(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8])]
    {
        let after = id ?? ""
        return try await answering { client in
            var found: [(id: String, body: [UInt8])] = []
            let rows = try await client.query(
                """
                SELECT id, body FROM respondent
                WHERE id > \(after)
                    AND \(respondentsMatching: filter)
                ORDER BY id LIMIT \(max(0, limit))
                """, logger: PostgresDatabase.quietLogger)
            for try await (id, body) in rows.decode((String, String).self) {
                found.append((id, Array(body.utf8)))
            }
            return found
        }
    }

    public func newestRespondents(
        matching filter: RespondentFilter, limit: Int, before revision: Int?
    ) async throws -> [(respondent: Respondent, revision: Int)] {
        let bound = revision ?? Int.max
        return try await revised(
            """
            SELECT body, revision FROM respondent
            WHERE revision < \(bound)
                AND \(respondentsMatching: filter)
            ORDER BY revision DESC LIMIT \(max(0, limit))
            """)
    }

    public func oldestRespondents(
        matching filter: RespondentFilter, limit: Int, after revision: Int
    )
        async throws -> [(respondent: Respondent, revision: Int)]
    {
        return try await revised(
            """
            SELECT body, revision FROM respondent
            WHERE revision > \(revision)
                AND \(respondentsMatching: filter)
            ORDER BY revision ASC LIMIT \(max(0, limit))
            """)
    }

    private func revised(_ query: PostgresQuery) async throws
        -> [(respondent: Respondent, revision: Int)]
    {
        let rows = try await answering { client in
            var rows: [(String, Int)] = []
            for try await row in try await client.query(
                query, logger: PostgresDatabase.quietLogger
            ).decode((String, Int).self) {
                rows.append(row)
            }
            return rows
        }
        return try rows.map { (try StoredRespondent.respondent(fromBody: $0.0), $0.1) }
    }

    public func count(matching filter: RespondentFilter) async throws -> Int {
        let state = filter.state?.rawValue
        // The counts kept answer a filter by state and sender; any other is counted.
        if !filter.isCountedByStateAndSender {
            return try await answering { client in
                try await client.withConnection { connection in
                    try await Self.single(
                        Int.self,
                        """
                        SELECT COUNT(*)::bigint FROM respondent
                        WHERE \(respondentsMatching: filter)
                        """, on: connection)
                }
            }
        }
        return try await answering { client in
            try await client.withConnection { connection in
                try await Self.single(
                    Int.self,
                    """
                    SELECT COALESCE(SUM(n), 0)::bigint FROM respondent_count
                    WHERE (\(state)::text IS NULL OR review_state = \(state))
                        AND (\(filter.user)::text IS NULL
                            OR (user_known AND sender_user = \(filter.user)))
                        AND (\(filter.device)::text IS NULL
                            OR (device_known AND sender_device = \(filter.device)))
                    """, on: connection)
            }
        }
    }

    public func reviewCounts() async throws -> [ReviewState: Int] {
        try await answering { client in
            var counts: [ReviewState: Int] = [:]
            let rows = try await client.query(
                """
                SELECT review_state, SUM(n)::bigint FROM respondent_count
                GROUP BY review_state HAVING SUM(n) > 0
                """,
                logger: PostgresDatabase.quietLogger)
            for try await (state, count) in rows.decode((String, Int).self) {
                counts[try ReviewState(stored: state, of: "")] = count
            }
            return counts
        }
    }

    public func senderCounts() async throws -> [(sender: RespondentSender, count: Int)] {
        let counts = try await answering { client in
            var counts: [(sender: RespondentSender, count: Int)] = []
            let rows = try await client.query(
                """
                SELECT CASE WHEN user_known THEN sender_user END,
                    CASE WHEN device_known THEN sender_device END, SUM(n)::bigint
                FROM respondent_count
                GROUP BY sender_user, user_known, sender_device, device_known HAVING SUM(n) > 0
                """, logger: PostgresDatabase.quietLogger)
            for try await (user, device, count) in rows.decode((String?, String?, Int).self) {
                counts.append((RespondentSender(user: user, device: device), count))
            }
            return counts
        }
        return counts.sorted { RespondentSender.listedBefore($0.sender, $1.sender) }
    }

    public func count() async throws -> Int {
        try await answering { client in
            try await client.withConnection { connection in
                try await Self.single(
                    Int.self, "SELECT COUNT(*)::bigint FROM respondent", on: connection)
            }
        }
    }

    private func bodies(_ query: PostgresQuery) async throws -> [Respondent] {
        let bodies = try await answering { client in
            var bodies: [String] = []
            for try await body in try await client.query(query).decode(String.self) {
                bodies.append(body)
            }
            return bodies
        }
        return try bodies.map(StoredRespondent.respondent(fromBody:))
    }

    private static func single<T: PostgresDecodable & Sendable>(
        _ type: T.Type, _ query: PostgresQuery, on connection: PostgresConnection
    ) async throws -> T {
        for try await value in try await connection.query(
            query, logger: PostgresDatabase.quietLogger
        )
        .decode(T.self) {
            return value
        }
        throw DamagedRowError(store: "respondents", key: nil, problem: "a query gave no row")
    }

    private static func loadBuckets(on connection: PostgresConnection) async throws
        -> DigestBuckets
    {
        var values: [String] = []
        let rows = try await connection.query(
            "SELECT value FROM respondent_digest_bucket ORDER BY bucket",
            logger: PostgresDatabase.quietLogger)
        for try await value in rows.decode(String.self) { values.append(value) }
        guard let buckets = DigestBuckets(hex: values) else {
            throw DamagedRowError(
                store: "respondents", key: nil, problem: "its digest buckets are not 256 digests")
        }
        return buckets
    }

    @discardableResult
    private func answering<T: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await operations.run(store: "respondents", on: client, operation)
    }
}

extension PostgresQuery.StringInterpolation {
    /// The condition on the `respondent` table that takes what `filter` takes, each member it
    /// leaves nil taking any (a null bind is folded away when the statement is planned).
    fileprivate mutating func appendInterpolation(respondentsMatching filter: RespondentFilter) {
        let state = filter.state?.rawValue
        let search = filter.search?.textSearchQuery
        let from = filter.receivedFrom.map(RespondentFilter.heldToStoredYears)
        let before = filter.receivedBefore.map(RespondentFilter.heldToStoredYears)
        appendLiteral("(")
        appendInterpolation(state)
        appendLiteral("::text IS NULL OR review_state = ")
        appendInterpolation(state)
        appendLiteral(") AND (")
        appendInterpolation(filter.user)
        appendLiteral("::text IS NULL OR sender_user = ")
        appendInterpolation(filter.user)
        appendLiteral(") AND (")
        appendInterpolation(filter.device)
        appendLiteral("::text IS NULL OR sender_device = ")
        appendInterpolation(filter.device)
        appendLiteral(") AND (")
        appendInterpolation(search)
        appendLiteral("::text IS NULL OR search_words @@ ")
        appendInterpolation(search)
        appendLiteral("::tsquery) AND (")
        appendInterpolation(from)
        appendLiteral("::timestamptz IS NULL OR received_at >= ")
        appendInterpolation(from)
        appendLiteral(") AND (")
        appendInterpolation(before)
        appendLiteral("::timestamptz IS NULL OR received_at < ")
        appendInterpolation(before)
        appendLiteral(")")
        // A field's cell, from the body read as `json`, whose values keep their text as the
        // canonical JSON wrote it (`jsonb` would space a list and reorder its maps' keys).
        if let field = filter.field {
            let path = field.path
            // Through maps only, as the core walks it: `#>` would read `0` in a list too.
            for length in 1..<max(1, path.count) {
                appendLiteral(" AND json_typeof(body::json #> ")
                appendInterpolation(Array(path.prefix(length)))
                appendLiteral("::text[]) = 'object'")
            }
            appendLiteral(" AND (CASE json_typeof(body::json #> ")
            appendInterpolation(path)
            appendLiteral("::text[]) WHEN 'string' THEN body::json #>> ")
            appendInterpolation(path)
            appendLiteral(
                "::text[] WHEN 'null' THEN '' WHEN 'object' THEN NULL ELSE (body::json #> ")
            appendInterpolation(path)
            appendLiteral("::text[])::text END) = ")
            appendInterpolation(field.value)
        }
    }
}
