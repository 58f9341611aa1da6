import CasebookHTTPClient
import CasebookWire
import DiaryCore
import Foundation

/// A diary kept by a Casebook server, through its JSON API (`/api/diary`): what
/// `casebook diary … --server URL` works on, so that every diary command does on another
/// machine what it does on the server's own, with the same output. The token, when there is
/// one, goes as `Authorization: Bearer`.
///
/// Synchronous, as every diary store is: each call waits on its thread for its requests, so it
/// must be called from a thread of its own, never from the concurrency pool's. Revisions,
/// stars and the trash are the server's. Instants go to the millisecond, as the API writes
/// them; a save of an entry already there changes its text (its date is the one it was
/// written at).
public final class ServerDiaryStore: RevisedDiaryStore, DiaryStars, DiaryTrash,
    @unchecked Sendable
{
    /// The most entries asked for in one request (the API's largest page).
    static let pageSize = 1_000
    /// The longest answer read: a page of the longest entries the API takes is far shorter.
    static let answerLimit = 256 << 20

    private let server: URL
    private let token: String?
    private let zone: TimeZone
    private let timeout: Duration

    /// A store of the diary that `server` shows the holder of `token` (the shared one, for a
    /// server without users), whose queries name days in `zone`.
    public init(server: URL, token: String?, zone: TimeZone, timeout: Duration = .seconds(30)) {
        self.server = server
        self.token = token
        self.zone = zone
        self.timeout = timeout
    }

    // MARK: Entries

    /// A new entry is added as it is, in one request; one already there then has its text
    /// replaced, in a second.
    public func save(_ entry: Entry) throws {
        guard try add(contentsOf: [entry]) == 0 else { return }
        let path = "/api/diary/\(EntryIDText.text(of: entry.id))"
        let body = WireJSON.encode(DiaryTextRequest(entry.content, date: entry.date))
        _ = try send("PUT", path, body: Array(body))
    }

    public func remove(id: Entry.ID) throws {
        _ = try send("DELETE", "/api/diary/\(EntryIDText.text(of: id))", allowing: [404])
    }

    public func entry(id: Entry.ID) throws -> Entry? {
        let answer = try send("GET", "/api/diary/\(EntryIDText.text(of: id))", allowing: [404])
        guard answer.status != 404 else { return nil }
        return try Self.decode(DiaryEntryWire.self, answer).entry()
    }

    public func newestEntries(limit: Int, offset: Int) throws -> [Entry] {
        guard limit > 0 else { return [] }
        let skipped = max(0, offset)
        guard skipped <= 1_000_000_000 else { return [] }
        var entries: [Entry] = []
        try forEachEntry([], limit: limit, after: nil, firstAlso: [("offset", "\(skipped)")]) {
            entries.append($0)
        }
        return entries
    }

    public func newestEntries(limit: Int, after cursor: DiaryCursor?) throws -> [Entry] {
        try newestEntries(parameters: [], limit: limit, after: cursor)
    }

    public func newestEntries(matching query: DiaryQuery, limit: Int, after cursor: DiaryCursor?)
        throws -> [Entry]
    {
        try newestEntries(
            parameters: try DiaryServerQuery.parameters(of: query, zone: zone), limit: limit,
            after: cursor)
    }

    public func forEachNewestEntry(limit: Int, _ body: (Entry) throws -> Void) throws {
        try forEachEntry([], limit: limit, after: nil, body)
    }

    public func add(contentsOf entries: [Entry]) throws -> Int {
        var added = 0
        var start = entries.startIndex
        while start < entries.endIndex {
            let part = entries[start..<min(start + Self.pageSize, entries.endIndex)]
            let body = WireJSON.encode(DiaryEntriesWire(Array(part)))
            let answer = try send("POST", "/api/diary/import", body: Array(body))
            added += try Self.decode(DiaryImportWire.self, answer).added
            start = part.endIndex
        }
        return added
    }

    public func tagCounts() throws -> [DiaryTagCount] {
        try Self.decode(DiaryTagsWire.self, try send("GET", "/api/diary/tags")).tags.map {
            DiaryTagCount(tag: $0.tag, count: $0.count)
        }
    }

    public func count() throws -> Int {
        var count = 0
        try forEachNewestEntry(limit: Int.max) { _ in count += 1 }
        return count
    }

    public func entryIDs(startingWith prefix: String, limit: Int) throws -> [Entry.ID] {
        guard limit > 0 else { return [] }
        let answer = try send(
            "GET", "/api/diary/ids", [("prefix", prefix), ("limit", "\(min(limit, 100))")])
        return try Self.decode(DiaryIDsWire.self, answer).ids.map { text in
            guard let id = EntryIDText.id(from: text) else { throw Self.unexpected }
            return id
        }
    }

    public func revision() throws -> Int {
        let answer = try send("GET", "/api/diary", [("limit", "1")])
        guard
            let header = answer.headers.first(where: {
                $0.name.lowercased() == "casebook-diary-revision"
            }), let revision = Int(header.value)
        else { throw Self.unexpected }
        return revision
    }

    // MARK: Revisions

    public func revisedEntry(id: Entry.ID) throws -> RevisedEntry? {
        let answer = try send("GET", "/api/diary/\(EntryIDText.text(of: id))", allowing: [404])
        guard answer.status != 404 else { return nil }
        return RevisedEntry(
            entry: try Self.decode(DiaryEntryWire.self, answer).entry(),
            revision: try Self.revision(of: answer))
    }

    public func save(_ entry: Entry, ifRevision revision: Int) throws -> Int {
        let answer = try send(
            "PUT", "/api/diary/\(EntryIDText.text(of: entry.id))",
            body: Array(WireJSON.encode(DiaryTextRequest(entry.content, date: entry.date))),
            headers: [(name: "If-Match", value: DiaryEntryETag.text(revision: revision))],
            allowing: [404, 412])
        try conflictOrAbsence(answer, id: entry.id)
        return try Self.revision(of: answer)
    }

    public func remove(id: Entry.ID, ifRevision revision: Int) throws {
        let answer = try send(
            "DELETE", "/api/diary/\(EntryIDText.text(of: id))",
            headers: [(name: "If-Match", value: DiaryEntryETag.text(revision: revision))],
            allowing: [404, 412])
        try conflictOrAbsence(answer, id: id)
    }

    /// A 412 as the conflict it is, with the entry as it is now; a 404 as an unknown entry.
    private func conflictOrAbsence(_ answer: HTTPExchange.Answer, id: Entry.ID) throws {
        switch answer.status {
        case 404: throw DiaryError.unknownEntry(id)
        case 412:
            guard let current = try revisedEntry(id: id) else {
                throw DiaryError.unknownEntry(id)
            }
            throw DiaryConflictError(current: current)
        default: return
        }
    }

    /// The revision an answer's ETag (`"7"`, `"7-starred"`) gives.
    private static func revision(of answer: HTTPExchange.Answer) throws -> Int {
        guard
            let tag = answer.headers.first(where: { $0.name.lowercased() == "etag" })?.value,
            let revision = DiaryEntryETag.revision(of: tag)
        else { throw unexpected }
        return revision
    }

    // MARK: Stars

    public func setStarred(_ starred: Bool, id: Entry.ID) throws {
        let answer = try send(
            starred ? "PUT" : "DELETE", "/api/diary/\(EntryIDText.text(of: id))/star",
            body: starred ? Array("{}".utf8) : nil, allowing: [404])
        if answer.status == 404 { throw DiaryError.unknownEntry(id) }
    }

    public func starred(among ids: [Entry.ID]) throws -> Set<Entry.ID> {
        let asked = Set(ids)
        guard !asked.isEmpty else { return [] }
        var found: Set<Entry.ID> = []
        var query = DiaryQuery()
        query.starredOnly = true
        try forEachNewestEntry(matching: query, limit: Int.max, pageSize: Self.pageSize) {
            if asked.contains($0.id) { found.insert($0.id) }
        }
        return found
    }

    // MARK: The trash

    public func trashedEntries(limit: Int) throws -> [TrashedEntry] {
        guard limit > 0 else { return [] }
        let wire = try Self.decode(TrashedEntriesWire.self, try send("GET", "/api/diary/trash"))
        return try wire.entries.prefix(limit).map { item in
            guard let removedAt = WireDateText.date(from: item.removedAt) else {
                throw Self.unexpected
            }
            return TrashedEntry(entry: try item.entry.entry(), removedAt: removedAt)
        }
    }

    public func restoreFromTrash(id: Entry.ID) throws -> Entry {
        let answer = try send(
            "POST", "/api/diary/trash/\(EntryIDText.text(of: id))/restore",
            body: Array("{}".utf8), allowing: [404])
        if answer.status == 404 { throw DiaryError.unknownEntry(id) }
        return try Self.decode(DiaryEntryWire.self, answer).entry()
    }

    /// The server's clock is its own: an instant finer than a millisecond is taken down to
    /// it, so that nothing removed after `date` goes.
    public func emptyTrash(removedBefore date: Date) throws -> Int {
        let answer = try send(
            "DELETE", "/api/diary/trash", [("before", WireDateText.text(of: date))])
        return try Self.decode(DiaryTrashEmptiedWire.self, answer).emptied
    }

    // MARK: Requests

    private struct Page: Decodable {
        let entries: [DiaryEntryWire]
        let next: String?
    }

    private func page(_ parameters: [(String, String)]) throws -> (entries: [Entry], next: String?)
    {
        let page = try Self.decode(Page.self, try send("GET", "/api/diary", parameters))
        return (try page.entries.map { try $0.entry() }, page.next)
    }

    private func newestEntries(
        parameters: [(String, String)], limit: Int, after cursor: DiaryCursor?
    ) throws -> [Entry] {
        var entries: [Entry] = []
        try forEachEntry(parameters, limit: limit, after: cursor?.token) { entries.append($0) }
        return entries
    }

    /// Hands over at most `limit` entries of the list `parameters` asks for, newest first,
    /// after `cursor`, a page (of at most `pageSize`) a request, each page after the one before
    /// by its `next`; `first` goes with the first request alone (an offset).
    ///
    /// A server's pages are checked to end: a page that names a next one must bring entries
    /// not sent before, under a cursor not named before, or the listing stops with an error
    /// naming the server. So no answer makes a listing send more requests than there are
    /// entries.
    private func forEachEntry(
        _ parameters: [(String, String)], limit: Int, after cursor: String?,
        firstAlso first: [(String, String)] = [], _ body: (Entry) throws -> Void
    ) throws {
        var listed = 0
        var position = cursor
        var extra = first
        var seenIDs: Set<Entry.ID> = []
        var seenCursors: Set<String> = Set(cursor.map { [$0] } ?? [])
        while listed < limit {
            var asked = parameters + [("limit", "\(min(limit - listed, Self.pageSize))")] + extra
            if let position { asked.append(("cursor", position)) }
            extra = []
            let page = try self.page(asked)
            guard page.entries.allSatisfy({ seenIDs.insert($0.id).inserted }) else {
                throw endless("pages that repeat entries it already sent")
            }
            for entry in page.entries.prefix(limit - listed) { try body(entry) }
            listed += page.entries.count
            guard let next = page.next else { return }
            guard !page.entries.isEmpty else {
                throw endless("an empty page that names a next one")
            }
            guard seenCursors.insert(next).inserted else {
                throw endless("a next page it already named")
            }
            position = next
        }
    }

    /// The error of a listing stopped because the server's pages would never end.
    private func endless(_ what: String) -> DiaryServerError {
        DiaryServerError(
            "the server at \(Self.origin(server)) sent \(what): the listing would never end, so it stops here"
        )
    }

    private static let unexpected = DiaryServerError(
        "the server's answer is not what a Casebook server answers")

    private static func decode<T: Decodable>(_ type: T.Type, _ answer: HTTPExchange.Answer)
        throws -> T
    {
        do {
            return try WireJSON.decode(type, from: answer.body, shape: "")
        } catch {
            throw unexpected
        }
    }

    /// Sends a request and waits for its answer: a success, or a status of `allowing`;
    /// anything else is an error in the server's words.
    private func send(
        _ method: String, _ path: String, _ parameters: [(String, String)] = [],
        body: [UInt8]? = nil, headers extra: [(name: String, value: String)] = [],
        allowing: Set<Int> = []
    ) throws -> HTTPExchange.Answer {
        let url = ServerURL.make(server, path: path, parameters: parameters)
        var headers = [(name: "Accept", value: "application/json")] + extra
        if body != nil { headers.append((name: "Content-Type", value: "application/json")) }
        if let token { headers.append((name: "Authorization", value: "Bearer \(token)")) }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let timeout = timeout
        Task {
            do throws(HTTPExchange.Failure) {
                outcome.set(
                    .success(
                        try await HTTPExchange.send(
                            method, to: url, headers: headers, body: body, timeout: timeout,
                            answerLimit: Self.answerLimit)))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        let answer: HTTPExchange.Answer
        switch outcome.get() {
        case .success(let got): answer = got
        case .failure(let failure):
            throw DiaryServerError("cannot reach the server at \(Self.origin(server)): \(failure)")
        case nil: throw Self.unexpected
        }
        guard !(200..<300).contains(answer.status), !allowing.contains(answer.status) else {
            return answer
        }
        throw Self.refusal(answer, server: server)
    }

    /// A refusal in the server's words (its problem's `detail`), with what to do about the
    /// ones a person can fix.
    static func refusal(_ answer: HTTPExchange.Answer, server: URL) -> DiaryServerError {
        struct Problem: Decodable { let detail: String? }
        let detail = (try? JSONDecoder().decode(Problem.self, from: Data(answer.body)))?.detail
        let said = detail.map { ": \($0)" } ?? ""
        switch answer.status {
        case 401:
            return DiaryServerError(
                "the server at \(origin(server)) wants a token\(said) (--token or $CASEBOOK_TOKEN; casebook token create makes one)"
            )
        case 403:
            return DiaryServerError(
                "the server at \(origin(server)) does not let this token's user keep a diary\(said)"
            )
        case 503:
            return DiaryServerError("the server at \(origin(server)) is unavailable\(said)")
        default:
            return DiaryServerError(
                "the server at \(origin(server)) answered \(answer.status)\(said)")
        }
    }

    /// The server's scheme, host and port, and the path it was given with, as a person named
    /// it (without a user, a password, a query or a fragment).
    static func origin(_ server: URL) -> String {
        var components = URLComponents()
        components.scheme = server.scheme
        components.host = server.host
        components.port = server.port
        var path = server.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path
        return components.string ?? server.absoluteString
    }

    /// One request's outcome, handed from the task that waits for it to the thread that
    /// waits for the task.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<HTTPExchange.Answer, HTTPExchange.Failure>?

        func set(_ result: Result<HTTPExchange.Answer, HTTPExchange.Failure>) {
            lock.withLock { self.result = result }
        }

        func get() -> Result<HTTPExchange.Answer, HTTPExchange.Failure>? {
            lock.withLock { result }
        }
    }
}
