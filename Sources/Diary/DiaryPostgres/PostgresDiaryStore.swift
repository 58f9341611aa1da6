import CasebookPostgres
import DiaryCore
import Foundation
import PostgresNIO
import StoreFailures

/// The diary in PostgreSQL, shared by every server on the database. `DiaryStore` is synchronous
/// (as the case study's store is), so each call waits on its thread for PostgresNIO: call it
/// from threads of your own (`NIOThreadPool`), never from the concurrency pool's.
public final class PostgresDiaryStore: RevisedDiaryStore, DiaryTrash, DiaryStars,
    DiaryPhotoStore, Sendable
{
    private let client: PostgresClient
    private let operations: PostgresOperations
    /// Whose entries this store holds: a user's name, or "" for the diary of a server with no
    /// users. Entries of other owners are not there for it.
    public let owner: String

    /// The tables, for `PostgresDatabase.prepare`.
    public static let schema = PostgresSchema(
        store: "diary",
        migrations: ([
            PostgresMigration(
                1, "create entry",
                sql: [
                    """
                    CREATE TABLE diary_entry (
                        id text COLLATE "C" PRIMARY KEY,
                        date double precision NOT NULL,
                        text text NOT NULL
                    )
                    """,
                    "CREATE INDEX diary_entry_newest ON diary_entry (date DESC, id DESC)",
                ]),
            PostgresMigration(
                2, "count revisions",
                sql: [
                    """
                    CREATE TABLE diary_revision (
                        id integer PRIMARY KEY CHECK (id = 1), value bigint NOT NULL)
                    """,
                    "INSERT INTO diary_revision (id, value) VALUES (1, 0)",
                    """
                    CREATE FUNCTION diary_count_revision() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        UPDATE diary_revision SET value = value + 1;
                        RETURN NULL;
                    END $$
                    """,
                    """
                    CREATE TRIGGER diary_entry_changed
                        AFTER INSERT OR UPDATE OR DELETE ON diary_entry
                        FOR EACH STATEMENT EXECUTE FUNCTION diary_count_revision()
                    """,
                ]),
            PostgresMigration(
                3, "revise each entry",
                sql: ["ALTER TABLE diary_entry ADD COLUMN revision bigint NOT NULL DEFAULT 1"]),
            PostgresMigration(
                4, "an owner for each entry",
                sql: [
                    "ALTER TABLE diary_entry ADD COLUMN owner text COLLATE \"C\" NOT NULL DEFAULT ''",
                    "CREATE INDEX diary_entry_owner_newest ON diary_entry (owner, date DESC, id DESC)",
                ]),
            PostgresMigration(
                5, "index the words of each entry",
                sql: [
                    // Each entry's words as `DiaryWords` folds them (NULL until written: entries
                    // from before are indexed by the first search of their diary).
                    "ALTER TABLE diary_entry ADD COLUMN words text",
                    """
                    ALTER TABLE diary_entry ADD COLUMN words_vector tsvector
                        GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(words, ''))) STORED
                    """,
                    "CREATE INDEX diary_entry_words ON diary_entry USING gin (words_vector)",
                    "CREATE INDEX diary_entry_unindexed ON diary_entry (owner) WHERE words IS NULL",
                    // A server from before search changes the text and not the words: its
                    // words are dropped, to be indexed again. (So are this server's when an
                    // edit changes neither words nor tags, such as only a comma: harmless.)
                    """
                    CREATE FUNCTION diary_entry_stale_words() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        IF NEW.text IS DISTINCT FROM OLD.text
                            AND NEW.words IS NOT DISTINCT FROM OLD.words THEN
                            NEW.words := NULL;
                        END IF;
                        RETURN NEW;
                    END $$
                    """,
                    """
                    CREATE TRIGGER diary_entry_text_changed BEFORE UPDATE ON diary_entry
                        FOR EACH ROW EXECUTE FUNCTION diary_entry_stale_words()
                    """,
                ]),
            PostgresMigration(
                6, "tag each entry",
                sql: [
                    // Written with the words, and indexed again with them (NULL words).
                    "ALTER TABLE diary_entry ADD COLUMN tags text[] COLLATE \"C\"",
                    "UPDATE diary_entry SET words = NULL",
                    "CREATE INDEX diary_entry_tags ON diary_entry USING gin (tags)",
                ]),
            PostgresMigration(
                7, "keep removed entries in a trash",
                sql: [
                    """
                    CREATE TABLE diary_trash (
                        id text COLLATE "C" PRIMARY KEY,
                        owner text COLLATE "C" NOT NULL,
                        date double precision NOT NULL,
                        text text NOT NULL,
                        removed_at double precision NOT NULL
                    )
                    """,
                    """
                    CREATE INDEX diary_trash_owner_removed
                        ON diary_trash (owner, removed_at DESC, id DESC)
                    """,
                ]),
            PostgresMigration(
                8, "star entries",
                sql: ["ALTER TABLE diary_entry ADD COLUMN starred boolean NOT NULL DEFAULT false"]),
            PostgresMigration(
                9, "an id per owner",
                sql: [
                    // An id is an entry's within its owner's diary: two users who import one
                    // diary file each hold its entries.
                    """
                    ALTER TABLE diary_entry DROP CONSTRAINT diary_entry_pkey,
                        ADD PRIMARY KEY (owner, id)
                    """,
                    """
                    ALTER TABLE diary_trash DROP CONSTRAINT diary_trash_pkey,
                        ADD PRIMARY KEY (owner, id)
                    """,
                ]),
            // An entry that comes back from the trash goes on from the revision it was
            // removed at.
            PostgresMigration(
                10, "keep the revision of a removed entry",
                sql: ["ALTER TABLE diary_trash ADD COLUMN revision bigint NOT NULL DEFAULT 1"]),
            // A starred entry comes back from the trash starred.
            PostgresMigration(
                11, "keep the star of a removed entry",
                sql: ["ALTER TABLE diary_trash ADD COLUMN starred boolean NOT NULL DEFAULT false"]),
            PostgresMigration(
                12, "index each CJK character and emoji as a word", sql: cjkAndEmojiReindexing),
            // Each owner's photos once, by id (a user cannot ask for another's by its hash),
            // and which of them each entry has, in order, with their words.
            PostgresMigration(
                13, "keep photos on entries",
                sql: [
                    """
                    CREATE TABLE diary_photo (
                        owner text COLLATE "C" NOT NULL,
                        id text COLLATE "C" NOT NULL,
                        large bytea NOT NULL,
                        large_width integer NOT NULL,
                        large_height integer NOT NULL,
                        small bytea NOT NULL,
                        small_width integer NOT NULL,
                        small_height integer NOT NULL,
                        PRIMARY KEY (owner, id)
                    )
                    """,
                    """
                    CREATE TABLE diary_entry_photo (
                        owner text COLLATE "C" NOT NULL,
                        entry_id text COLLATE "C" NOT NULL,
                        photo_id text COLLATE "C" NOT NULL,
                        position integer NOT NULL,
                        alt text NOT NULL,
                        PRIMARY KEY (owner, entry_id, photo_id),
                        FOREIGN KEY (owner, photo_id) REFERENCES diary_photo (owner, id)
                    )
                    """,
                    "CREATE INDEX diary_entry_photo_photo ON diary_entry_photo (owner, photo_id)",
                ]),
        ] + PostgresEntryRow.contentMigrations).sorted { $0.version < $1.version })

    /// Each CJK character and emoji is a word of its own (`SearchWords.standsAlone`): the
    /// words of entries whose text has any character beyond ASCII are dropped, to be indexed
    /// again by their diary's next search.
    static let cjkAndEmojiReindexing = [
        "UPDATE diary_entry SET words = NULL WHERE words IS NOT NULL AND text ~ '[^\\x01-\\x7f]'"
    ]

    /// The store on `client`, whose database `PostgresDatabase.prepare` has migrated; every
    /// operation goes through `operations` (an operation that waits longer than its deadline
    /// fails as unavailable).
    public convenience init(
        client: PostgresClient, operations: PostgresOperations = PostgresOperations()
    ) {
        self.init(client: client, operations: operations, owner: "")
    }

    /// `owner`'s diary on the shared tables.
    public init(client: PostgresClient, operations: PostgresOperations, owner: String) {
        self.client = client
        self.operations = operations
        self.owner = owner
    }

    public func save(_ entry: Entry) throws {
        let id = Self.key(entry.id)
        let date = entry.date.timeIntervalSinceReferenceDate
        let content = entry.content
        let words = DiaryWords.searchText(of: content.text)
        let tags = DiaryTags.tags(in: content.text)
        let owner = owner
        try run { client in
            // Saved, the entry leaves the trash.
            try await client.query(
                """
                WITH untrashed AS (
                    DELETE FROM diary_trash WHERE id = \(id) AND owner = \(owner)
                    RETURNING revision
                )
                INSERT INTO diary_entry (
                    id, date, \(unescaped: PostgresEntryRow.contentList), owner, words, tags,
                    revision)
                VALUES (
                    \(id), \(date), \(content: content), \(owner), \(words), \(tags),
                    coalesce((SELECT revision FROM untrashed), 0) + 1)
                ON CONFLICT (owner, id) DO UPDATE SET date = excluded.date,
                    \(unescaped: PostgresEntryRow.contentFromExcluded), words = excluded.words,
                    tags = excluded.tags, revision = diary_entry.revision + 1
                """)
        }
    }

    /// Adds the entries whose id is not there in one transaction, a
    /// thousand rows a statement: all of them, or on error none.
    public func add(contentsOf entries: [Entry]) throws -> Int {
        let owner = owner
        let chunks = stride(from: 0, to: entries.count, by: 1000).map {
            Array(entries[$0..<min($0 + 1000, entries.count)])
        }
        // A deadline for each thousand rows: an import of a hundred thousand is one transaction.
        return try run(deadlines: 1 + chunks.count) { client in
            try await client.withTransaction(logger: CasebookPostgres.PostgresDatabase.quietLogger)
            {
                connection in
                var added = 0
                for chunk in chunks {
                    let ids = chunk.map { Self.key($0.id) }
                    let dates = chunk.map { $0.date.timeIntervalSinceReferenceDate }
                    let words = chunk.map { DiaryWords.searchText(of: $0.text) }
                    // Each entry's tags as one text (a tab between two): unnest takes no
                    // arrays of arrays of different lengths.
                    let tags = chunk.map { DiaryTags.tags(in: $0.text).joined(separator: "\t") }
                    let rows = try await connection.query(
                        """
                        INSERT INTO diary_entry (
                            id, date, \(unescaped: PostgresEntryRow.contentList), owner, words,
                            tags, revision)
                        SELECT id, date, \(unescaped: PostgresEntryRow.contentList), \(owner),
                            words,
                            coalesce(string_to_array(nullif(tags, ''), E'\\t'), '{}'),
                            coalesce((
                                SELECT revision FROM diary_trash AS trashed
                                WHERE trashed.owner = \(owner) AND trashed.id = incoming.id
                            ), 0) + 1
                        FROM unnest(
                            \(ids)::text[], \(dates)::float8[], \(contentArrays: chunk.map(\.content)),
                            \(words)::text[], \(tags)::text[]
                        ) AS incoming(
                            id, date, \(unescaped: PostgresEntryRow.contentList), words, tags)
                        ON CONFLICT (owner, id) DO NOTHING
                        RETURNING id
                        """, logger: CasebookPostgres.PostgresDatabase.quietLogger)
                    for try await _ in rows.decode(String.self) { added += 1 }
                    try await connection.query(
                        "DELETE FROM diary_trash WHERE owner = \(owner) AND id = ANY(\(ids))",
                        logger: CasebookPostgres.PostgresDatabase.quietLogger)
                }
                return added
            }
        }
    }

    public func revisedEntry(id: Entry.ID) throws -> RevisedEntry? {
        let key = Self.key(id)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry
            WHERE id = \(key) AND owner = \(owner)
            """
        ).first
    }

    public func save(_ entry: Entry, ifRevision revision: Int) throws -> Int {
        let key = Self.key(entry.id)
        let owner = owner
        let content = entry.content
        let words = DiaryWords.searchText(of: content.text)
        let tags = DiaryTags.tags(in: content.text)
        let date = entry.date.timeIntervalSinceReferenceDate
        let updated: Int? = try run { client -> Int? in
            let rows = try await client.query(
                """
                UPDATE diary_entry SET date = \(date), \(assigningContent: content), words = \(words),
                    tags = \(tags), revision = revision + 1
                WHERE id = \(key) AND revision = \(revision) AND owner = \(owner)
                RETURNING revision
                """)
            for try await revision in rows.decode(Int.self) { return revision }
            return nil
        }
        if let updated { return updated }
        guard let current = try revisedEntry(id: entry.id) else {
            throw DiaryError.unknownEntry(entry.id)
        }
        throw DiaryConflictError(current: current)
    }

    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        let key = Self.key(id)
        let owner = owner
        let removed: Bool = try run { client -> Bool in
            let rows = try await client.query(
                """
                WITH gone AS (
                    DELETE FROM diary_entry
                    WHERE id = \(key) AND revision = \(revision) AND owner = \(owner)
                    RETURNING owner, starred, \(unescaped: PostgresEntryRow.columns)
                )
                \(unescaped: Self.intoTrash)
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        if removed { return }
        guard let current = try revisedEntry(id: id) else { throw DiaryError.unknownEntry(id) }
        throw DiaryConflictError(current: current)
    }

    public func remove(id: Entry.ID) throws {
        let key = Self.key(id)
        let owner = owner
        try run { client in
            try await client.query(
                """
                WITH gone AS (
                    DELETE FROM diary_entry WHERE id = \(key) AND owner = \(owner)
                    RETURNING owner, starred, \(unescaped: PostgresEntryRow.columns)
                )
                \(unescaped: Self.intoTrash)
                """)
        }
    }

    /// Puts the rows of `gone` (a removal's) in the trash, dated now; gives their ids.
    private static let intoTrash = """
        INSERT INTO diary_trash (owner, starred, \(PostgresEntryRow.columns), removed_at)
        SELECT owner, starred, \(PostgresEntryRow.columns),
            extract(epoch FROM clock_timestamp())::double precision - 978307200
        FROM gone
        ON CONFLICT (owner, id) DO UPDATE SET date = excluded.date,
            \(PostgresEntryRow.contentFromExcluded), removed_at = excluded.removed_at,
            revision = excluded.revision, starred = excluded.starred
        RETURNING id
        """

    public func trashedEntries(limit: Int) throws -> [TrashedEntry] {
        let owner = owner
        let limit = max(0, limit)
        return try run { client in
            var trashed: [TrashedEntry] = []
            let rows = try await client.query(
                """
                SELECT \(unescaped: PostgresEntryRow.columns), removed_at FROM diary_trash
                WHERE owner = \(owner)
                ORDER BY removed_at DESC, id DESC LIMIT \(limit)
                """)
            for try await row in rows {
                let removedAt = try row.makeRandomAccess()["removed_at"].decode(Double.self)
                trashed.append(
                    TrashedEntry(
                        entry: try PostgresEntryRow.revisedEntry(row).entry,
                        removedAt: Date(timeIntervalSinceReferenceDate: removedAt)))
            }
            return trashed
        }
    }

    /// Back in one statement, the trashed copy dropped only once the entry is back (an entry
    /// with its id in the diary is not overwritten, and its copy stays); its words and tags
    /// are indexed at the next search (NULL words).
    public func restoreFromTrash(id: Entry.ID) throws -> Entry {
        let key = Self.key(id)
        let owner = owner
        let restored: Entry? = try run { client in
            let rows = try await client.query(
                """
                WITH back AS (
                    INSERT INTO diary_entry (
                        id, date, \(unescaped: PostgresEntryRow.contentList), owner, revision,
                        starred)
                    SELECT id, date, \(unescaped: PostgresEntryRow.contentList), owner,
                        revision + 1, starred
                    FROM diary_trash
                    WHERE id = \(key) AND owner = \(owner)
                    ON CONFLICT (owner, id) DO NOTHING
                    RETURNING \(unescaped: PostgresEntryRow.columns)
                ),
                gone AS (
                    DELETE FROM diary_trash
                    WHERE id IN (SELECT id FROM back) AND owner = \(owner)
                )
                SELECT \(unescaped: PostgresEntryRow.columns) FROM back
                """)
            for try await row in rows { return try PostgresEntryRow.revisedEntry(row).entry }
            return nil
        }
        guard let restored else { throw DiaryError.unknownEntry(id) }
        return restored
    }

    public func emptyTrash(removedBefore date: Date) throws -> Int {
        let owner = owner
        let before = date.timeIntervalSinceReferenceDate
        return try run { client in
            var count = 0
            let rows = try await client.query(
                """
                DELETE FROM diary_trash WHERE owner = \(owner) AND removed_at < \(before)
                RETURNING id
                """)
            for try await _ in rows.decode(String.self) { count += 1 }
            if count > 0 {
                try await client.query(
                    """
                    DELETE FROM diary_entry_photo AS photo WHERE owner = \(owner)
                        AND NOT EXISTS (SELECT 1 FROM diary_entry
                            WHERE owner = photo.owner AND id = photo.entry_id)
                        AND NOT EXISTS (SELECT 1 FROM diary_trash
                            WHERE owner = photo.owner AND id = photo.entry_id)
                    """)
                try await Self.dropUnusedPhotos(client, owner: owner)
            }
            return count
        }
    }

    /// Drops the owner's photos that no entry has.
    private static func dropUnusedPhotos(_ client: PostgresClient, owner: String) async throws {
        try await client.query(
            """
            DELETE FROM diary_photo AS photo WHERE owner = \(owner) AND NOT EXISTS (
                SELECT 1 FROM diary_entry_photo WHERE owner = photo.owner AND photo_id = photo.id)
            """)
    }

    public func addPhoto(_ photo: EntryPhotoFile, alt: String, toEntry id: Entry.ID) throws
        -> Bool
    {
        let (owner, key, photoID) = (owner, Self.key(id), photo.id)
        let large = ByteBuffer(bytes: photo.large)
        let small = ByteBuffer(bytes: photo.small)
        let (largeWidth, largeHeight) = (photo.largeWidth, photo.largeHeight)
        let (smallWidth, smallHeight) = (photo.smallWidth, photo.smallHeight)
        let most = DiaryPhotoLimits.mostPerEntry
        enum Outcome: Sendable { case added, changed, missing, full }
        let outcome = try run { client -> Outcome in
            try await client.withTransaction(
                logger: CasebookPostgres.PostgresDatabase.quietLogger
            ) { connection -> Outcome in
                // The entry's row held until the end: two photos given at once count in turn.
                var found = false
                for try await _ in try await connection.query(
                    """
                    SELECT id FROM diary_entry WHERE owner = \(owner) AND id = \(key) FOR UPDATE
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger
                ).decode(String.self) { found = true }
                guard found else { return .missing }
                try await connection.query(
                    "UPDATE diary_revision SET value = value + 1",
                    logger: CasebookPostgres.PostgresDatabase.quietLogger)
                var changed = false
                for try await _ in try await connection.query(
                    """
                    UPDATE diary_entry_photo SET alt = \(alt)
                    WHERE owner = \(owner) AND entry_id = \(key) AND photo_id = \(photoID)
                    RETURNING photo_id
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger
                ).decode(String.self) { changed = true }
                if changed { return .changed }
                var count = 0
                for try await value in try await connection.query(
                    """
                    SELECT count(*)::bigint FROM diary_entry_photo
                    WHERE owner = \(owner) AND entry_id = \(key)
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger
                ).decode(Int.self) { count = value }
                guard count < most else { return .full }
                try await connection.query(
                    """
                    INSERT INTO diary_photo (owner, id, large, large_width, large_height, small,
                        small_width, small_height)
                    VALUES (\(owner), \(photoID), \(large), \(largeWidth), \(largeHeight),
                        \(small), \(smallWidth), \(smallHeight))
                    ON CONFLICT DO NOTHING
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger)
                try await connection.query(
                    """
                    INSERT INTO diary_entry_photo (owner, entry_id, photo_id, position, alt)
                    SELECT \(owner), \(key), \(photoID), coalesce(max(position), 0) + 1, \(alt)
                    FROM diary_entry_photo WHERE owner = \(owner) AND entry_id = \(key)
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger)
                return .added
            }
        }
        switch outcome {
        case .added: return true
        case .changed: return false
        case .missing: throw DiaryError.unknownEntry(id)
        case .full: throw DiaryPhotoError.tooMany(limit: most)
        }
    }

    public func photos(ofEntry id: Entry.ID) throws -> [EntryPhoto] {
        let (owner, key) = (owner, Self.key(id))
        return try run { client in
            var photos: [EntryPhoto] = []
            let rows = try await client.query(
                """
                SELECT entry.photo_id, entry.alt, photo.small_width, photo.small_height
                FROM diary_entry_photo AS entry
                JOIN diary_photo AS photo ON photo.owner = entry.owner AND photo.id = entry.photo_id
                WHERE entry.owner = \(owner) AND entry.entry_id = \(key)
                ORDER BY entry.position
                """)
            for try await (photoID, alt, width, height) in rows.decode(
                (String, String, Int, Int).self)
            {
                photos.append(
                    EntryPhoto(id: photoID, alt: alt, smallWidth: width, smallHeight: height))
            }
            return photos
        }
    }

    public func photosOfEveryEntry() throws -> [Entry.ID: [EntryPhoto]] {
        let owner = owner
        return try run { client in
            var all: [Entry.ID: [EntryPhoto]] = [:]
            let rows = try await client.query(
                """
                SELECT entry.entry_id, entry.photo_id, entry.alt, photo.small_width,
                    photo.small_height
                FROM diary_entry_photo AS entry
                JOIN diary_photo AS photo ON photo.owner = entry.owner AND photo.id = entry.photo_id
                WHERE entry.owner = \(owner) AND EXISTS (
                    SELECT 1 FROM diary_entry WHERE owner = entry.owner AND id = entry.entry_id)
                ORDER BY entry.entry_id, entry.position
                """)
            for try await (entryID, photoID, alt, width, height) in rows.decode(
                (String, String, String, Int, Int).self)
            {
                guard let id = EntryIDText.id(from: entryID) else { continue }
                all[id, default: []].append(
                    EntryPhoto(id: photoID, alt: alt, smallWidth: width, smallHeight: height))
            }
            return all
        }
    }

    public func photoFile(id photoID: String) throws -> EntryPhotoFile? {
        let owner = owner
        return try run { client in
            let rows = try await client.query(
                """
                SELECT large, large_width, large_height, small, small_width, small_height
                FROM diary_photo WHERE owner = \(owner) AND id = \(photoID)
                """)
            for try await (large, largeWidth, largeHeight, small, smallWidth, smallHeight)
                in rows.decode((ByteBuffer, Int, Int, ByteBuffer, Int, Int).self)
            {
                return EntryPhotoFile(
                    id: photoID, large: Array(buffer: large), largeWidth: largeWidth,
                    largeHeight: largeHeight, small: Array(buffer: small), smallWidth: smallWidth,
                    smallHeight: smallHeight)
            }
            return nil
        }
    }

    public func removePhoto(id photoID: String, fromEntry id: Entry.ID) throws -> Bool {
        let (owner, key) = (owner, Self.key(id))
        return try run { client in
            try await client.withTransaction(
                logger: CasebookPostgres.PostgresDatabase.quietLogger
            ) { connection in
                var removed = false
                for try await _ in try await connection.query(
                    """
                    DELETE FROM diary_entry_photo
                    WHERE owner = \(owner) AND entry_id = \(key) AND photo_id = \(photoID)
                    RETURNING photo_id
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger
                ).decode(String.self) { removed = true }
                guard removed else { return false }
                try await connection.query(
                    "UPDATE diary_revision SET value = value + 1",
                    logger: CasebookPostgres.PostgresDatabase.quietLogger)
                try await connection.query(
                    """
                    DELETE FROM diary_photo AS photo WHERE owner = \(owner) AND id = \(photoID)
                        AND NOT EXISTS (SELECT 1 FROM diary_entry_photo
                            WHERE owner = photo.owner AND photo_id = photo.id)
                    """, logger: CasebookPostgres.PostgresDatabase.quietLogger)
                return true
            }
        }
    }

    public func entry(id: Entry.ID) throws -> Entry? {
        try revisedEntry(id: id)?.entry
    }

    public func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        let limit = max(0, limit)
        let offset = max(0, offset)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry WHERE owner = \(owner)
            ORDER BY date DESC, id DESC
            LIMIT \(limit) OFFSET \(offset)
            """
        ).map(\.entry)
    }

    /// Seeks to the position in the index on (owner, date, id).
    public func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        guard let cursor else { return try newestEntries(limit: limit, offset: 0) }
        let limit = max(0, limit)
        let date = cursor.date.timeIntervalSinceReferenceDate
        let id = EntryIDText.text(of: cursor.id)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry
            WHERE owner = \(owner) AND (date, id) < (\(date), \(id))
            ORDER BY date DESC, id DESC
            LIMIT \(limit)
            """
        ).map(\.entry)
    }

    /// Seeks to the position in the index on (owner, date, id), reading towards the top.
    public func newerEntries(limit: Int, before cursor: DiaryCursor) throws -> [Entry] {
        let limit = max(0, limit)
        let date = cursor.date.timeIntervalSinceReferenceDate
        let id = EntryIDText.text(of: cursor.id)
        return try revisedEntries(
            """
            SELECT \(unescaped: PostgresEntryRow.columns) FROM diary_entry
            WHERE owner = \(owner) AND (date, id) > (\(date), \(id))
            ORDER BY date ASC, id ASC
            LIMIT \(limit)
            """
        ).map(\.entry).reversed()
    }

    /// Read a thousand at a time by position (each page a seek in the index on owner, date
    /// and id), so that listing or exporting a whole diary costs what its pages do, not what
    /// ever deeper offsets would.
    public func forEachNewestEntry(limit: Int, _ body: (Entry) throws -> Void) throws {
        try forEachNewestEntry(matching: DiaryQuery(), limit: limit, pageSize: 1_000, body)
    }

    /// Finds the words through the GIN index on `words_vector`, within the owner's entries in
    /// the order of the index on (owner, date, id).
    public func newestEntries(
        matching query: DiaryQuery, limit: Int, after cursor: DiaryCursor?
    ) throws -> [Entry] {
        var sql = "SELECT \(PostgresEntryRow.columns) FROM diary_entry WHERE owner = $1"
        var binds = PostgresBindings()
        binds.append(owner)
        func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        if query.search != nil || !query.tags.isEmpty { indexUnindexedWords() }
        if query.starredOnly { sql += " AND starred" }
        if !query.tags.isEmpty {
            sql += " AND tags @> \(bind(query.tags))::text[]"
        }
        if let search = query.search {
            sql += " AND words_vector @@ to_tsquery('simple', \(bind(Self.tsquery(search))))"
        }
        if let from = query.from {
            sql += " AND date >= \(bind(from.timeIntervalSinceReferenceDate))"
        }
        if let before = query.before {
            sql += " AND date < \(bind(before.timeIntervalSinceReferenceDate))"
        }
        if let cursor {
            let date = bind(cursor.date.timeIntervalSinceReferenceDate)
            sql += " AND (date, id) < (\(date), \(bind(EntryIDText.text(of: cursor.id))))"
        }
        binds.append(max(0, limit))
        sql += " ORDER BY date DESC, id DESC LIMIT $\(binds.count)"
        return try revisedEntries(PostgresQuery(unsafeSQL: sql, binds: binds)).map(\.entry)
    }

    public func setStarred(_ starred: Bool, id: Entry.ID) throws {
        let key = Self.key(id)
        let owner = owner
        let found = try run { client -> Bool in
            let rows = try await client.query(
                """
                UPDATE diary_entry SET starred = \(starred) WHERE id = \(key) AND owner = \(owner)
                RETURNING id
                """)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
        guard found else { throw DiaryError.unknownEntry(id) }
    }

    public func starred(among ids: [Entry.ID]) throws -> Set<Entry.ID> {
        guard !ids.isEmpty else { return [] }
        let keys = ids.map(Self.key)
        let owner = owner
        return try run { client in
            var starred: Set<Entry.ID> = []
            let rows = try await client.query(
                """
                SELECT id FROM diary_entry WHERE owner = \(owner) AND starred AND id = ANY(\(keys))
                """)
            for try await key in rows.decode(String.self) {
                if let id = UUID(uuidString: key) { starred.insert(id) }
            }
            return starred
        }
    }

    /// Counted from the tags of the owner's entries (those written before tags indexed first).
    public func tagCounts() throws -> [DiaryTagCount] {
        indexUnindexedWords()
        let owner = owner
        return try run { client in
            var counts: [DiaryTagCount] = []
            let rows = try await client.query(
                """
                SELECT tag, count(*)::bigint FROM diary_entry, unnest(tags) AS tag
                WHERE owner = \(owner) GROUP BY tag ORDER BY count(*) DESC, tag COLLATE "C"
                """)
            for try await (tag, count) in rows.decode((String, Int).self) {
                counts.append(DiaryTagCount(tag: tag, count: count))
            }
            return counts
        }
    }

    /// `search` as a `tsquery`: each phrase's words side by side (`<->`), the last one with
    /// `:*` when it is a start, the phrases all of them (`&`). The words hold only letters and
    /// digits, so quoting each one is enough.
    static func tsquery(_ search: DiarySearch) -> String {
        search.phrases.map { phrase in
            let words = phrase.words.map { "'\($0)'" }
            let last = words.count - 1
            return "("
                + words.enumerated().map { $0 == last && phrase.lastIsPrefix ? $1 + ":*" : $1 }
                .joined(separator: " <-> ") + ")"
        }.joined(separator: " & ")
    }

    /// Indexes the words of the owner's entries written before search (or by a server from
    /// before it), a few hundred at a time; a failure leaves them for the next search.
    private func indexUnindexedWords() {
        let owner = owner
        try? run { client in
            // Bounded, should the same entries be rewritten by an older server all along.
            for _ in 0..<1_000 {
                var unindexed: [(String, String)] = []
                let rows = try await client.query(
                    """
                    SELECT id, text FROM diary_entry WHERE owner = \(owner) AND words IS NULL
                    LIMIT 500
                    """)
                for try await row in rows.decode((String, String).self) { unindexed.append(row) }
                for (id, text) in unindexed {
                    let words = DiaryWords.searchText(of: text)
                    let tags = DiaryTags.tags(in: text)
                    do {
                        try await client.query(
                            """
                            UPDATE diary_entry SET words = \(words), tags = \(tags)
                            WHERE owner = \(owner) AND id = \(id) AND text = \(text)
                                AND words IS NULL
                            """)
                    } catch let error as PSQLError where error.code == .server {
                        // A row the database will not index is left unsearchable rather
                        // than in the way of the rows after it.
                        try await client.query(
                            """
                            UPDATE diary_entry SET words = '', tags = '{}'
                            WHERE owner = \(owner) AND id = \(id) AND words IS NULL
                            """)
                    }
                }
                if unindexed.count < 500 { return }
            }
        }
    }

    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        // Ids hold only 0-9, a-f and '-', all below '~' in the C collation the column has.
        let end = prefix + "~"
        let owner = owner
        let limit = max(0, limit)
        return try run { client in
            var ids: [Entry.ID] = []
            let rows = try await client.query(
                """
                SELECT id FROM diary_entry
                WHERE id >= \(prefix) AND id < \(end) AND owner = \(owner)
                ORDER BY id LIMIT \(limit)
                """)
            for try await id in rows.decode(String.self) {
                if let id = UUID(uuidString: id) { ids.append(id) }
            }
            return ids
        }
    }

    public func count() throws -> Int {
        try number("SELECT COUNT(*)::bigint FROM diary_entry WHERE owner = \(owner)")
    }

    public func revision() throws -> Int {
        try number("SELECT value FROM diary_revision")
    }

    /// `revision()` without waiting on a thread: for a caller already in async code (the list
    /// page asks for every view).
    public func currentRevision() async throws -> Int {
        try await operations.run(store: "diary", on: client) { client in
            for try await value in try await client.query("SELECT value FROM diary_revision")
                .decode(Int.self)
            {
                return value
            }
            throw DamagedRowError(store: "diary", key: nil, problem: "it has no revision")
        }
    }

    private func number(_ query: PostgresQuery) throws -> Int {
        try run { client in
            for try await value in try await client.query(query).decode(Int.self) {
                return value
            }
            throw DamagedRowError(store: "diary", key: nil, problem: "a count gave no row")
        }
    }

    /// The entries `query` (which selects `PostgresEntryRow.columns`) gives.
    private func revisedEntries(_ query: PostgresQuery) throws -> [RevisedEntry] {
        try run { client in
            var entries: [RevisedEntry] = []
            let rows = try await client.query(query)
            for try await row in rows {
                entries.append(try PostgresEntryRow.revisedEntry(row))
            }
            return entries
        }
    }

    /// `operation` on the pool, waited for; a database out of reach is a
    /// `StoreUnavailableError`, a damaged row a `DamagedRowError`.
    @discardableResult
    private func run<T: Sendable>(
        deadlines: Int = 1, _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) throws -> T {
        let client = client
        let operations = operations
        return try BlockingCall.wait {
            try await operations.run(
                store: "diary", on: client, deadlines: deadlines, operation)
        }
    }

    /// A stored row as an entry; an id that is not a UUID was not written by this store.
    private static func key(_ id: Entry.ID) -> String {
        id.uuidString.lowercased()
    }
}
