import CasebookSQLite
import Foundation
import GRDB
import StoreFailures
import SurveySyncCore

/// Respondents in a SQLite file (WAL mode), created and migrated when opened. Each row keeps
/// its respondent's digest and bucket, and `digest_bucket` the XOR of each bucket, kept up to
/// date in the transaction that changes a respondent.
public final class SQLiteRespondentStore: ReviewedRespondentStore, @unchecked Sendable {
    private let database: StoreDatabase

    /// Opens (creating if needed) the database at `path`.
    public init(path: String) throws {
        database = try StoreDatabase(
            store: "respondents", path: path, migrations: Self.migrations, connections: .pool,
            functions: [Self.fieldValueFunction])
    }

    /// `respondent_field_is(body, column, value)`: whether the respondent whose JSON is `body`
    /// has `value` in `column` (`RespondentFieldValue`), read by the core, so that SQLite
    /// answers as every store does.
    private static let fieldValueFunction = DatabaseFunction(
        "respondent_field_is", argumentCount: 3, pure: true
    ) { values in
        guard let body = String.fromDatabaseValue(values[0]),
            let column = String.fromDatabaseValue(values[1]),
            let value = String.fromDatabaseValue(values[2])
        else { return false }
        return RespondentFieldValue(column: column, value: value).matches(body: Array(body.utf8))
    }

    private static let migrations: [StoreMigration] = [
        StoreMigration(
            "create respondent",
            sql: """
                    CREATE TABLE respondent (
                        id TEXT PRIMARY KEY NOT NULL,
                        body TEXT NOT NULL,
                        revision INTEGER NOT NULL,
                        receivedAt TEXT NOT NULL
                    );
                    CREATE INDEX respondent_revision ON respondent(revision);
                """),
        StoreMigration("identity and digests") { db in
            try db.execute(
                sql: """
                    CREATE TABLE store_identity (
                        id INTEGER PRIMARY KEY CHECK (id = 1), identity TEXT NOT NULL);
                    ALTER TABLE respondent ADD COLUMN digest TEXT NOT NULL DEFAULT '';
                    ALTER TABLE respondent ADD COLUMN bucket INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE digest_bucket (bucket INTEGER PRIMARY KEY, value TEXT NOT NULL);
                    """)
            try db.execute(
                sql: "INSERT INTO store_identity (id, identity) VALUES (1, ?)",
                arguments: [UUID().uuidString.lowercased()])
            // Respondents stored before digests existed get theirs now: their body is the
            // canonical JSON the digest is taken of.
            var buckets = DigestBuckets()
            for row in try Row.fetchAll(db, sql: "SELECT id, body FROM respondent") {
                let id: String = row["id"]
                let digest = RespondentDigest(
                    id: id, digest: StoredRespondent.digest(ofBody: row["body"]))
                buckets.toggle(digest)
                try db.execute(
                    sql: "UPDATE respondent SET digest = ?, bucket = ? WHERE id = ?",
                    arguments: [digest.digest, RespondentDigest.bucket(ofID: id), id])
            }
            try SQLiteRespondentStore.save(buckets, in: db)
            try db.execute(sql: "CREATE INDEX respondent_bucket ON respondent(bucket, id)")
        },
        // Respondents stored before reviews existed are "received", from an unknown sender,
        // and their history starts with their arrival.
        StoreMigration(
            "reviews and senders",
            sql: """
                ALTER TABLE respondent ADD COLUMN reviewState TEXT NOT NULL DEFAULT 'received';
                ALTER TABLE respondent ADD COLUMN reviewer TEXT;
                ALTER TABLE respondent ADD COLUMN reviewedAt TEXT;
                ALTER TABLE respondent ADD COLUMN reviewComment TEXT;
                ALTER TABLE respondent ADD COLUMN senderUser TEXT;
                ALTER TABLE respondent ADD COLUMN senderDevice TEXT;
                CREATE TABLE respondent_event (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    respondentID TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    state TEXT NOT NULL,
                    at TEXT NOT NULL,
                    user TEXT,
                    device TEXT,
                    comment TEXT
                );
                CREATE INDEX respondent_event_respondent ON respondent_event(respondentID, seq);
                INSERT INTO respondent_event (respondentID, kind, state, at)
                    SELECT id, 'received', 'received', receivedAt FROM respondent ORDER BY revision;
                """),
        StoreMigration(
            "review and sender indexes",
            sql: """
                CREATE INDEX respondent_review ON respondent(reviewState, revision);
                CREATE INDEX respondent_sender ON respondent(senderUser, senderDevice, revision);
                """),
        // How many respondents are in each state from each sender, kept up to date by the
        // transactions that change them: a filter's count is a sum of a few rows.
        StoreMigration(
            "respondent counts",
            sql: """
                CREATE TABLE respondent_count (
                    reviewState TEXT NOT NULL,
                    senderUser TEXT,
                    senderDevice TEXT,
                    n INTEGER NOT NULL
                );
                INSERT INTO respondent_count (reviewState, senderUser, senderDevice, n)
                    SELECT reviewState, senderUser, senderDevice, COUNT(*) FROM respondent
                    GROUP BY reviewState, senderUser, senderDevice;
                """),
        // The words of each respondent's values, folded (`RespondentSearch.searchText`), by
        // the respondent's row id, for a search.
        StoreMigration("respondent search") { db in
            try db.execute(
                sql:
                    "CREATE VIRTUAL TABLE respondent_search USING fts5(words, tokenize = 'unicode61')"
            )
            let index = try db.makeStatement(
                sql: "INSERT INTO respondent_search (rowid, words) VALUES (?, ?)")
            let rows = try Row.fetchCursor(db, sql: "SELECT rowid, body FROM respondent")
            while let row = try rows.next() {
                let respondent = try StoredRespondent.respondent(fromBody: row["body"])
                try index.execute(
                    arguments: [row["rowid"] as Int64, RespondentSearch.searchText(of: respondent)])
            }
        },
        // For a filter by when respondents arrived.
        StoreMigration(
            "respondent arrival", sql: "CREATE INDEX respondent_received ON respondent(receivedAt)"),
        // The text of the file each current version was read from, when it came with one.
        StoreMigration(
            "respondent original", sql: "ALTER TABLE respondent ADD COLUMN original TEXT"),
        // For a filter's respondents in id order (an export of it, a pass that sorts it): read
        // a page at a time from the index, not sorted again for every page.
        StoreMigration(
            "review and sender in id order",
            sql: """
                CREATE INDEX respondent_review_id ON respondent(reviewState, id);
                CREATE INDEX respondent_sender_id ON respondent(senderUser, senderDevice, id);
                """),
        // Every version that arrives is numbered from 1 with its arrival, and a version a later
        // one replaces is kept with its own (the current one is the respondent's row). The
        // arrivals before are numbered; what they replaced was not kept, so their body stays
        // NULL.
        StoreMigration(
            "respondent versions",
            sql: """
                ALTER TABLE respondent_event ADD COLUMN version INTEGER;
                ALTER TABLE respondent_event ADD COLUMN body TEXT;
                ALTER TABLE respondent_event ADD COLUMN original TEXT;
                UPDATE respondent_event SET version = numbered.version
                FROM (
                    SELECT seq, row_number() OVER (PARTITION BY respondentID ORDER BY seq)
                        AS version
                    FROM respondent_event WHERE kind IN ('received', 'changed')
                ) AS numbered
                WHERE respondent_event.seq = numbered.seq;
                CREATE UNIQUE INDEX respondent_event_version
                    ON respondent_event(respondentID, version);
                """),
        // Each CJK character and emoji is a word of its own (`SearchWords.standsAlone`): the
        // respondents whose values have any character beyond ASCII are indexed again.
        StoreMigration("index each CJK character and emoji as a word") { db in
            let index = try db.makeStatement(
                sql: "INSERT OR REPLACE INTO respondent_search (rowid, words) VALUES (?, ?)")
            let rows = try Row.fetchCursor(db, sql: "SELECT rowid, body FROM respondent")
            while let row = try rows.next() {
                let body: String = row["body"]
                guard !body.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
                let respondent = try StoredRespondent.respondent(fromBody: body)
                try index.execute(
                    arguments: [row["rowid"] as Int64, RespondentSearch.searchText(of: respondent)])
            }
        },
    ]

    public func upsert(_ respondents: [Respondent], from sender: RespondentSender) async throws
        -> UpsertCounts
    {
        let rows = respondents.map { respondent in
            let body = StoredRespondent.body(of: respondent)
            return (
                respondent.id, body, StoredRespondent.digest(ofBody: body),
                RespondentSearch.searchText(of: respondent), respondent.originalYAML
            )
        }
        return try await database.write { db in
            var counts = UpsertCounts(received: rows.count)
            var revision =
                try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(revision), 0) FROM respondent") ?? 0
            let now = Date().formatted(.iso8601)
            var buckets = try Self.loadBuckets(in: db)
            // Prepared once per transaction, not once per respondent.
            let select = try db.cachedStatement(
                sql: """
                    SELECT body, digest, reviewState, senderUser, senderDevice, original
                    FROM respondent WHERE id = ?
                    """)
            // The version a change replaces, kept with its arrival: the latest.
            let keepReplaced = try db.cachedStatement(
                sql: """
                    UPDATE respondent_event SET body = ?1, original = ?2
                    WHERE respondentID = ?3 AND version = (
                        SELECT MAX(version) FROM respondent_event WHERE respondentID = ?3)
                    """)
            var tallies = RespondentTallies()
            let unindex = try db.cachedStatement(
                sql: """
                    DELETE FROM respondent_search
                    WHERE rowid = (SELECT rowid FROM respondent WHERE id = ?)
                    """)
            let index = try db.cachedStatement(
                sql: """
                    INSERT INTO respondent_search (rowid, words)
                    SELECT rowid, ? FROM respondent WHERE id = ?
                    """)
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO respondent
                        (id, body, revision, receivedAt, digest, bucket, senderUser, senderDevice,
                         original)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET
                        body = excluded.body, revision = excluded.revision,
                        original = excluded.original,
                        receivedAt = excluded.receivedAt, digest = excluded.digest,
                        senderUser = excluded.senderUser, senderDevice = excluded.senderDevice,
                        reviewState = 'received', reviewer = NULL, reviewedAt = NULL,
                        reviewComment = NULL
                    """)
            let event = try db.cachedStatement(
                sql: """
                    INSERT INTO respondent_event
                        (respondentID, kind, state, at, user, device, version)
                    VALUES (
                        ?1, ?2, 'received', ?3, ?4, ?5,
                        (SELECT COALESCE(MAX(version), 0) + 1 FROM respondent_event
                         WHERE respondentID = ?1))
                    """)
            for (id, body, digest, words, original) in rows {
                let existing = try Row.fetchOne(select, arguments: [id])
                // Compared as bytes: Swift's == would take the same letters in another
                // Unicode normalisation for the same text, and drop the change.
                if let existing, (existing["body"] as String).utf8.elementsEqual(body.utf8) {
                    counts.unchanged += 1
                    continue
                }
                if let existing {
                    try keepReplaced.execute(
                        arguments: [
                            existing["body"] as String, existing["original"] as String?, id,
                        ])
                    buckets.toggle(RespondentDigest(id: id, digest: existing["digest"]))
                    tallies.remove(
                        try ReviewState(stored: existing["reviewState"], of: id),
                        from: RespondentSender(
                            user: existing["senderUser"], device: existing["senderDevice"]))
                }
                tallies.add(.received, from: sender)
                buckets.toggle(RespondentDigest(id: id, digest: digest))
                revision += 1
                try upsert.execute(
                    arguments: [
                        id, body, revision, now, digest, RespondentDigest.bucket(ofID: id),
                        sender.user, sender.device, original,
                    ])
                let kind: RespondentEvent.Kind = existing == nil ? .received : .changed
                try event.execute(arguments: [id, kind.rawValue, now, sender.user, sender.device])
                if existing != nil { try unindex.execute(arguments: [id]) }
                try index.execute(arguments: [words, id])
                if existing == nil { counts.created += 1 } else { counts.updated += 1 }
            }
            if counts.created + counts.updated > 0 {
                try Self.save(buckets, in: db)
                try Self.save(tallies, in: db)
            }
            return counts
        }
    }

    public func setReview(
        _ state: ReviewState, of ids: [String], by reviewer: String, comment: String?
    ) async throws {
        try await database.write { db in
            // The time once the writer is ours: writes' times follow their order.
            let now = Date().formatted(.iso8601)
            let current = try db.cachedStatement(
                sql: "SELECT reviewState, senderUser, senderDevice FROM respondent WHERE id = ?")
            let update = try db.cachedStatement(
                sql: """
                    UPDATE respondent SET
                        reviewState = ?, reviewer = ?, reviewedAt = ?, reviewComment = ?
                    WHERE id = ?
                    """)
            let event = try db.cachedStatement(
                sql: """
                    INSERT INTO respondent_event (respondentID, kind, state, at, user, comment)
                    VALUES (?, 'reviewed', ?, ?, ?, ?)
                    """)
            var tallies = RespondentTallies()
            for id in ids {
                // Throwing rolls the whole transaction back: none is reviewed.
                guard let row = try Row.fetchOne(current, arguments: [id]) else {
                    throw UnknownRespondentError(id: id)
                }
                let sender = RespondentSender(user: row["senderUser"], device: row["senderDevice"])
                tallies.remove(try ReviewState(stored: row["reviewState"], of: id), from: sender)
                tallies.add(state, from: sender)
                try update.execute(arguments: [state.rawValue, reviewer, now, comment, id])
                try event.execute(arguments: [id, state.rawValue, now, reviewer, comment])
            }
            try Self.save(tallies, in: db)
        }
    }

    /// Applies `tallies` to the stored counts.
    private static func save(_ tallies: RespondentTallies, in db: Database) throws {
        let update = try db.cachedStatement(
            sql: """
                UPDATE respondent_count SET n = n + ?
                WHERE reviewState = ? AND senderUser IS ? AND senderDevice IS ?
                """)
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO respondent_count (reviewState, senderUser, senderDevice, n)
                VALUES (?, ?, ?, ?)
                """)
        for (key, delta) in tallies.deltas {
            let arguments: StatementArguments = [
                key.state.rawValue, key.sender.user, key.sender.device,
            ]
            try update.execute(arguments: [delta] + arguments)
            if db.changesCount == 0 { try insert.execute(arguments: arguments + [delta]) }
        }
    }

    public func digests(ofIDs ids: [String]) async throws -> [String: String] {
        try await database.read { db in
            var found: [String: String] = [:]
            let select = try db.cachedStatement(sql: "SELECT digest FROM respondent WHERE id = ?")
            for id in ids {
                if let digest = try String.fetchOne(select, arguments: [id]) { found[id] = digest }
            }
            return found
        }
    }

    public func statuses(of ids: [String]) async throws -> [String: RespondentStatus] {
        try await database.read { db in
            var found: [String: RespondentStatus] = [:]
            let select = try db.cachedStatement(
                sql: """
                    SELECT reviewState, reviewer, reviewedAt, reviewComment, senderUser,
                        senderDevice, receivedAt
                    FROM respondent WHERE id = ?
                    """)
            for id in ids {
                guard let row = try Row.fetchOne(select, arguments: [id]) else { continue }
                found[id] = RespondentStatus(
                    state: try ReviewState(stored: row["reviewState"], of: id),
                    reviewer: row["reviewer"],
                    reviewedAt: try (row["reviewedAt"] as String?).map {
                        try Self.date($0, of: id)
                    },
                    comment: row["reviewComment"],
                    sender: RespondentSender(user: row["senderUser"], device: row["senderDevice"]),
                    receivedAt: try Self.date(row["receivedAt"], of: id))
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
        try await database.read { db in
            let total =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM respondent_event WHERE respondentID = ?",
                    arguments: [id]) ?? 0
            let events = try Row.fetchAll(
                db,
                sql: """
                    SELECT kind, state, at, user, device, comment, version FROM respondent_event
                    WHERE respondentID = ? ORDER BY seq DESC LIMIT ?
                    """,
                arguments: [id, max(0, limit)]
            ).reversed().map { row in
                let kind = try RespondentEvent.Kind(stored: row["kind"], of: id)
                return RespondentEvent(
                    kind: kind, state: try ReviewState(stored: row["state"], of: id),
                    at: try Self.date(row["at"], of: id),
                    sender: RespondentSender(user: row["user"], device: row["device"]),
                    comment: row["comment"], version: row["version"])
            }
            return (events, total - events.count)
        }
    }

    public func version(_ number: Int, of id: String) async throws -> RespondentVersion? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT event.at, event.user, event.device, event.body, event.original,
                            event.version = (
                                SELECT MAX(version) FROM respondent_event
                                WHERE respondentID = event.respondentID
                            ) AS isCurrent,
                            current.body AS currentBody, current.original AS currentOriginal
                        FROM respondent_event AS event
                        LEFT JOIN respondent AS current ON current.id = event.respondentID
                        WHERE event.respondentID = ? AND event.version = ?
                        """,
                    arguments: [id, number])
            else { return nil }
            // The current version is the respondent's row; one it replaced, its arrival's.
            let isCurrent: Bool = row["isCurrent"]
            let body: String? = isCurrent ? row["currentBody"] : row["body"]
            var respondent = try body.map(StoredRespondent.respondent(fromBody:))
            respondent?.originalYAML = isCurrent ? row["currentOriginal"] : row["original"]
            return RespondentVersion(
                number: number, respondent: respondent,
                sender: RespondentSender(user: row["user"], device: row["device"]),
                at: try Self.date(row["at"], of: id))
        }
    }

    public func newestRespondents(matching filter: RespondentFilter, limit: Int, offset: Int)
        async throws -> [Respondent]
    {
        let (condition, arguments) = Self.condition(filter)
        let bodies = try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT body FROM respondent WHERE \(condition)
                    ORDER BY revision DESC LIMIT ? OFFSET ?
                    """,
                arguments: arguments + [max(0, limit), max(0, offset)])
        }
        return try bodies.map(StoredRespondent.respondent(fromBody:))
    }

    public func respondentBodies(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8])]
    {
        let (condition, arguments) = Self.condition(filter)
        return try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, body FROM respondent WHERE \(condition) AND id > ?
                    ORDER BY id LIMIT ?
                    """,
                arguments: arguments + [id ?? "", max(0, limit)]
            ).map { row in (row[0] as String, Array((row[1] as String).utf8)) }
        }
    }

    public func original(of id: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(
                db, sql: "SELECT original FROM respondent WHERE id = ?", arguments: [id])
        }
    }

    public func originals(matching filter: RespondentFilter, limit: Int, after id: String?)
        async throws -> [(id: String, body: [UInt8], original: String?)]
    {
        let (condition, arguments) = Self.condition(filter)
        return try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, body, original FROM respondent WHERE \(condition) AND id > ?
                    ORDER BY id LIMIT ?
                    """,
                arguments: arguments + [id ?? "", max(0, limit)]
            ).map { row in (row[0] as String, Array((row[1] as String).utf8), row[2] as String?) }
        }
    }

    public func newestRespondents(
        matching filter: RespondentFilter, limit: Int, before revision: Int?
    ) async throws -> [(respondent: Respondent, revision: Int)] {
        try await revisedPage(
            filter, "revision < ?", revision ?? Int.max, order: "DESC", limit: limit)
    }

    public func oldestRespondents(
        matching filter: RespondentFilter, limit: Int, after revision: Int
    )
        async throws -> [(respondent: Respondent, revision: Int)]
    {
        try await revisedPage(filter, "revision > ?", revision, order: "ASC", limit: limit)
    }

    private func revisedPage(
        _ filter: RespondentFilter, _ bound: String, _ revision: Int, order: String, limit: Int
    ) async throws -> [(respondent: Respondent, revision: Int)] {
        let (condition, arguments) = Self.condition(filter)
        let rows = try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT body, revision FROM respondent WHERE \(condition) AND \(bound)
                    ORDER BY revision \(order) LIMIT ?
                    """,
                arguments: arguments + [revision, max(0, limit)]
            ).map { row in (row[0] as String, row[1] as Int) }
        }
        return try rows.map { (try StoredRespondent.respondent(fromBody: $0.0), $0.1) }
    }

    public func count(matching filter: RespondentFilter) async throws -> Int {
        let (condition, arguments) = Self.condition(filter)
        // The counts kept answer a filter by state and sender; any other is counted.
        let sql =
            filter.isCountedByStateAndSender
            ? "SELECT COALESCE(SUM(n), 0) FROM respondent_count WHERE \(condition)"
            : "SELECT COUNT(*) FROM respondent WHERE \(condition)"
        return try await database.read { db in
            try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
        }
    }

    public func reviewCounts() async throws -> [ReviewState: Int] {
        try await database.read { db in
            var counts: [ReviewState: Int] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT reviewState, SUM(n) FROM respondent_count
                    GROUP BY reviewState HAVING SUM(n) > 0
                    """)
            {
                counts[try ReviewState(stored: row[0], of: "")] = row[1]
            }
            return counts
        }
    }

    public func senderCounts() async throws -> [(sender: RespondentSender, count: Int)] {
        let counts = try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT senderUser, senderDevice, SUM(n) FROM respondent_count
                    GROUP BY senderUser, senderDevice HAVING SUM(n) > 0
                    """
            ).map { row in
                (sender: RespondentSender(user: row[0], device: row[1]), count: row[2] as Int)
            }
        }
        return counts.sorted { RespondentSender.listedBefore($0.sender, $1.sender) }
    }

    /// The `WHERE` condition that takes what `filter` takes, with its arguments: only the
    /// members it sets, so that the indexes on them serve it.
    private static func condition(_ filter: RespondentFilter) -> (String, StatementArguments) {
        var terms = ["1"]
        var arguments: StatementArguments = []
        if let state = filter.state {
            terms.append("reviewState = ?")
            arguments += [state.rawValue]
        }
        if let user = filter.user {
            terms.append("senderUser = ?")
            arguments += [user]
        }
        if let device = filter.device {
            terms.append("senderDevice = ?")
            arguments += [device]
        }
        if let search = filter.search {
            terms.append(
                "rowid IN (SELECT rowid FROM respondent_search WHERE respondent_search MATCH ?)")
            arguments += [search.fullTextQuery]
        }
        if let field = filter.field {
            terms.append("respondent_field_is(body, ?, ?)")
            arguments += [field.column, field.value]
        }
        if let from = filter.receivedFrom {
            terms.append("receivedAt >= ?")
            arguments += [receivedText(from)]
        }
        if let before = filter.receivedBefore {
            terms.append("receivedAt < ?")
            arguments += [receivedText(before)]
        }
        return (terms.joined(separator: " AND "), arguments)
    }

    /// A bound on `receivedAt` as the column holds times (ISO 8601, whole seconds, UTC, which
    /// sort as text as they do in time), rounded up to a second: for whole seconds `t`,
    /// `t >= b` and `t < b` are `t >= ceil(b)` and `t < ceil(b)`.
    private static func receivedText(_ bound: Date) -> String {
        let held = RespondentFilter.heldToStoredYears(bound)
        return Date(
            timeIntervalSinceReferenceDate: held.timeIntervalSinceReferenceDate.rounded(.up)
        )
        .formatted(.iso8601)
    }

    private static func date(_ text: String, of id: String) throws -> Date {
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw DamagedRowError(
                store: "respondents", key: id, problem: "its date '\(text)' is not an ISO 8601 date"
            )
        }
        return date
    }

    public func identity() async throws -> String {
        try await database.read { db in
            guard let identity = try String.fetchOne(db, sql: "SELECT identity FROM store_identity")
            else {
                throw DamagedRowError(store: "respondents", key: nil, problem: "it has no identity")
            }
            return identity
        }
    }

    public func digestBuckets() async throws -> DigestBuckets {
        try await database.read { db in try Self.loadBuckets(in: db) }
    }

    public func digests(inBucket bucket: Int) async throws -> [RespondentDigest] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, digest FROM respondent WHERE bucket = ? ORDER BY id",
                arguments: [bucket]
            ).map { RespondentDigest(id: $0["id"], digest: $0["digest"]) }
        }
    }

    private static func save(_ buckets: DigestBuckets, in db: Database) throws {
        let statement = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO digest_bucket (bucket, value) VALUES (?, ?)")
        for (bucket, value) in buckets.hex.enumerated() {
            try statement.execute(arguments: [bucket, value])
        }
    }

    private static func loadBuckets(in db: Database) throws -> DigestBuckets {
        let values = try String.fetchAll(db, sql: "SELECT value FROM digest_bucket ORDER BY bucket")
        guard let buckets = DigestBuckets(hex: values) else {
            throw DamagedRowError(
                store: "respondents", key: nil, problem: "its digest buckets are not 256 digests")
        }
        return buckets
    }

    public func respondents(limit: Int, after id: String?) async throws -> [Respondent] {
        let bodies = try await database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT body FROM respondent WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [id ?? "", limit])
        }
        return try bodies.map(StoredRespondent.respondent(fromBody:))
    }

    public func respondentBodies(limit: Int, after id: String?) async throws
        -> [(id: String, body: [UInt8])]
    {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, body FROM respondent WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [id ?? "", limit]
            ).map { row in (row[0] as String, Array((row[1] as String).utf8)) }
        }
    }

    public func newestRespondents(limit: Int, offset: Int) async throws -> [Respondent] {
        let bodies = try await database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT body FROM respondent ORDER BY revision DESC LIMIT ? OFFSET ?",
                arguments: [limit, offset])
        }
        return try bodies.map(StoredRespondent.respondent(fromBody:))
    }

    public func respondent(id: String) async throws -> Respondent? {
        let body = try await database.read { db in
            try String.fetchOne(
                db, sql: "SELECT body FROM respondent WHERE id = ?", arguments: [id])
        }
        return try body.map(StoredRespondent.respondent(fromBody:))
    }

    public func count() async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM respondent") ?? 0
        }
    }

}
