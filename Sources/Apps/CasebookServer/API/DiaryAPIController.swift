import CasebookWire
import Diary
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The diary's JSON API, through the diary's use cases (`DiaryEntries`).
struct DiaryAPIController: Sendable {
    static let maximumOffset = 1_000_000_000
    /// The most bytes of an entry's body, 7 MiB: a text of `DiaryImportRequest.longestText`
    /// bytes fits whatever its JSON escapes (six bytes each, at worst), so that any entry can be
    /// sent again as it is.
    static let bodyLimit = 7 * DiaryImportRequest.longestText
    /// The largest body `POST /api/diary/import` reads: its most entries, of a page or two each.
    static let importBodyLimit = 16 * 1024 * 1024
    /// The header of a list's answer that gives the diary's revision: a number that every
    /// change to the diary moves, for a client that keeps what it listed.
    static let revisionHeader = HTTPField.Name("Casebook-Diary-Revision")!

    let diaries: RequestDiaries
    /// The last list each diary gave, until its revision changes.
    let lists = DiaryListAnswers()

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/api/diary", use: list)
        router.post("/api/diary", use: add)
        router.get("/api/diary/ids", use: ids)
        router.post("/api/diary/import", use: importEntries)
        router.get("/api/diary/tags", use: tags)
        router.get("/api/diary/trash", use: trash)
        router.delete("/api/diary/trash", use: emptyTrash)
        router.post("/api/diary/trash/{id}/restore", use: restoreFromTrash)
        router.get("/api/diary/{id}", use: show)
        router.put("/api/diary/{id}", use: update)
        router.delete("/api/diary/{id}", use: remove)
        router.put("/api/diary/{id}/star", use: star)
        router.delete("/api/diary/{id}/star", use: unstar)
    }

    /// `GET /api/diary`: a page of entries, newest first, of `limit`, after the opaque
    /// `cursor` the page before gave as `next` (or, as before cursors, after `offset`
    /// entries), with `next` and a `Link: <…>; rel="next"` to the page after it until the
    /// last. `q` searches the entries and `from` and `to` bound their days (whole days in
    /// UTC; `YYYY-MM-DD`, `today`, `yesterday`, `N days ago`); the next page keeps them. Kept
    /// per revision of the diary.
    @Sendable func list(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let diary = try diaries.diary(for: request)
        let query = try FormFields(query: request, repeatable: DiaryAsked.repeatable)
        let limit = try query.integer("limit", in: 1...1000) ?? DiaryScreenFactory.pageSize
        let offset = try query.integer("offset", in: 0...Self.maximumOffset) ?? 0
        let cursor = try Self.cursor(query["cursor"])
        let zone = try Self.zone(query["tz"])
        try DiaryAsked.checkStarred(in: query)
        let asked = DiaryAsked(query)
        // The revision first, then the entries: an answer kept is never older than the
        // revision it is kept under.
        let question = DiaryListAnswers.Question(
            limit: limit, offset: offset, cursor: cursor?.token, asked: asked,
            revision: try await diary.revision())
        let answer: DiaryListAnswers.Answer
        // A span of days names days relative to today (`yesterday`): never kept.
        let keeps = asked.from == nil && asked.to == nil
        if keeps, let kept = lists.answer(for: question, of: diary.key) {
            answer = kept
        } else {
            // One more than the page, to know whether there is a page after it; `offset`
            // entries skipped first (after the cursor, with one).
            let found = try await diary.work.entries { entries in
                let listed = try Self.query(asked, of: entries, zone: zone)
                func page(_ limit: Int, after position: DiaryCursor?) throws -> [Entry] {
                    guard let listed else {
                        return try entries.newest(limit: limit, after: position)
                    }
                    return try entries.newest(matching: listed, limit: limit, after: position)
                }
                if cursor == nil, listed == nil {
                    return try entries.newest(limit: limit + 1, offset: offset)
                }
                // Skipped a bounded chunk at a time, never held whole.
                var position = cursor
                var skipped = 0
                while skipped < offset {
                    let chunk = try page(min(1000, offset - skipped), after: position)
                    guard let last = chunk.last else { return [] }
                    position = DiaryCursor(last)
                    skipped += chunk.count
                }
                return try page(limit + 1, after: position)
            }
            let page = found.prefix(limit)
            let next = found.count > limit ? page.last.map { DiaryCursor($0).token } : nil
            let ids = page.map(\.id)
            let starred = try await diary.work.entries { try $0.starred(among: ids) }
            // A search's results say where each has the words found.
            let body = DiaryEntriesJSONStream.encode(
                page, starred: starred, next: next, indented: false,
                search: asked.search.flatMap { try? DiarySearch($0) })
            answer = DiaryListAnswers.Answer(body: ByteBuffer(bytes: body), next: next)
            if keeps { lists.keep(answer, for: question, of: diary.key) }
        }
        var response = JSONResponse.make(body: answer.body)
        response.headers[Self.revisionHeader] = "\(question.revision)"
        if let next = answer.next {
            var link = QueryString()
            link.append("limit", "\(limit)")
            asked.append(to: &link)
            link.append("tz", query["tz"])
            link.append("cursor", next)
            response.headers[HTTPField.Name("Link")!] = "</api/diary?\(link.text)>; rel=\"next\""
        }
        return response
    }

    /// The query `asked` names (nil when it names none), its days in `zone`; a 400 naming the
    /// parameter that cannot be read.
    static func query(_ asked: DiaryAsked, of entries: DiaryEntries, zone: TimeZone) throws
        -> DiaryQuery?
    {
        guard !asked.isEmpty else { return nil }
        let query: DiaryQuery
        do {
            query = try asked.query(of: entries, zone: zone)
        } catch {
            let parameter = DiaryAsked.parameter(of: error)
            throw RequestError(.badRequest, "\(parameter): \(error)").parameter(parameter)
        }
        return try asked.boundingBefore(query)
    }

    /// The zone a `tz` parameter names (UTC without one); a 400 naming it for anything that is
    /// not a zone's name.
    static func zone(_ name: String?) throws -> TimeZone {
        guard let name else { return .gmt }
        guard let zone = ReaderTimeZone.named(name) else {
            throw RequestError(.badRequest, "tz must name a time zone, as Europe/Rome")
                .parameter("tz")
        }
        return zone
    }

    /// `GET /api/diary/ids?prefix=…`: the ids of at most `limit` (5; up to 100) entries that
    /// start with `prefix` (the first characters of an id, in either case; none: any), in the
    /// order of their text, for a client that lets a person type the start of an id.
    @Sendable func ids(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let diary = try diaries.diary(for: request)
        let query = try FormFields(query: request)
        let limit = try query.integer("limit", in: 1...100) ?? 5
        let prefix = query["prefix"]?.lowercased() ?? ""
        guard prefix.isEmpty || EntryIDText.isPrefix(prefix) else {
            throw RequestError(
                .badRequest,
                "prefix must be the first characters of an entry's id (hexadecimal digits and its dashes)"
            ).parameter("prefix")
        }
        let found = try await diary.work.entries {
            try $0.entryIDs(startingWith: prefix, limit: limit)
        }
        return JSONResponse.make(DiaryIDsWire(found))
    }

    /// `POST /api/diary/import`: entries with their ids and dates (as `GET /api/diary` gives
    /// them), added in one step, each once: one already there (by its id) is left as it is.
    /// Every entry is checked first; a malformed one refuses the whole request, naming it.
    @Sendable func importEntries(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let work = try diaries.diary(for: request).work
        let buffer = try await RequestBody.collect(request, upTo: Self.importBodyLimit)
        let read: (entries: [Entry], starred: [Entry.ID])
        do {
            read = try DiaryImportRequest.read(buffer.readableBytesView)
        } catch {
            throw RequestError(refusal: error)
        }
        let entries = read.entries
        let added = try await work.entries { diary in
            let added = try diary.restore(contentsOf: read.entries)
            for id in read.starred { try diary.setStarred(true, id: id) }
            return added
        }
        return JSONResponse.make(DiaryImportWire(added: added, present: entries.count - added))
    }

    /// `GET /api/diary/tags`: every tag of the diary's entries with how many have it, most used
    /// first, then by name.
    @Sendable func tags(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let diary = try diaries.diary(for: request)
        let counts = try await diary.work.entries { try $0.tagCounts() }
        return JSONResponse.make(DiaryTagsWire(counts))
    }

    /// The position a `cursor` parameter names; a 400 naming it for anything that is not a
    /// cursor (an empty one included).
    static func cursor(_ text: String?) throws -> DiaryCursor? {
        guard let text else { return nil }
        guard let cursor = DiaryCursor(token: text) else {
            throw RequestError(.badRequest, "cursor must be a page's next, as this API gave it")
                .parameter("cursor")
        }
        return cursor
    }

    /// `POST /api/diary`: a new entry from `{"text": …}` (dated `date`, or now); 201 with its
    /// ETag.
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let work = try diaries.diary(for: request).work
        let body = try await Self.body(in: request)
        let entry = try await work.entries { entries in
            try Self.answering {
                try entries.revisedEntry(id: try entries.add(body.content, at: body.date).id)
            }
        }
        var response = Self.response(entry, status: .created)
        response.headers[.location] = "/api/diary/\(EntryIDText.text(of: entry.entry.id))"
        return response
    }

    /// `GET /api/diary/{id}`: one entry, `"starred": true` when it is, with its revision (and
    /// its star) as its ETag.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let work = try diaries.diary(for: request).work
        let id = try Self.id(context)
        let (entry, starred) = try await work.entries { entries in
            try Self.answering {
                try Self.starredEntry(try entries.revisedEntry(id: id), in: entries)
            }
        }
        return Self.response(entry, starred: starred)
    }

    /// `PUT /api/diary/{id}`: with If-Match, only the revision the client read is updated (a
    /// 412 otherwise, with the current revision's ETag); without it, or with `*`, whatever is
    /// stored (a 503 to try again, should others save it at every attempt).
    @Sendable func update(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let work = try diaries.diary(for: request).work
        let id = try Self.id(context)
        let listed = Self.revisions(ifMatch: request.headers[.ifMatch])
        let body = try await Self.body(in: request)
        let (content, date) = (body.content, body.date)
        let conditional = listed != nil
        do {
            let (entry, starred) = try await work.entries { entries in
                try Self.answering {
                    let updated =
                        if let expected = try Self.expected(listed, id: id, in: entries) {
                            try entries.update(
                                id: id, to: content, date: date, ifRevision: expected)
                        } else {
                            try entries.updateLatest(id: id, to: content, date: date)
                        }
                    return try Self.starredEntry(updated, in: entries)
                }
            }
            return Self.response(entry, starred: starred)
        } catch let conflict as DiaryConflictError {
            guard conditional else {
                throw RequestError.temporarilyUnavailable(
                    "entry \(EntryIDText.text(of: id)) was saved by others at every attempt: try again"
                )
            }
            throw Self.preconditionFailed(conflict)
        }
    }

    /// `DELETE /api/diary/{id}`: with If-Match, only the revision the client read is removed
    /// (a 412 otherwise, with the current revision's ETag); without it, or with `*`, whatever
    /// is stored.
    @Sendable func remove(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let work = try diaries.diary(for: request).work
        let id = try Self.id(context)
        let listed = Self.revisions(ifMatch: request.headers[.ifMatch])
        do {
            try await work.entries { entries in
                try Self.answering {
                    if let expected = try Self.expected(listed, id: id, in: entries) {
                        try entries.remove(id: id, ifRevision: expected)
                    } else {
                        try entries.remove(id: id)
                    }
                }
            }
        } catch let conflict as DiaryConflictError {
            throw Self.preconditionFailed(conflict)
        }
        return Response(status: .noContent)
    }

    /// `PUT /api/diary/{id}/star`: stars the entry (its body `{}`).
    @Sendable func star(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await Self.expectNothing(in: request)
        return try await setStarred(true, request: request, context: context)
    }

    /// `DELETE /api/diary/{id}/star`: takes the entry's star away.
    @Sendable func unstar(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await setStarred(false, request: request, context: context)
    }

    private func setStarred(_ starred: Bool, request: Request, context: some RequestContext)
        async throws -> Response
    {
        let work = try diaries.diary(for: request).work
        let id = try Self.id(context)
        try await work.entries { entries in
            try Self.answering { try entries.setStarred(starred, id: id) }
        }
        return Response(status: .noContent)
    }

    /// `GET /api/diary/trash`: the entries removed in the last 30 days, newest removal first.
    @Sendable func trash(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let diary = try diaries.diary(for: request)
        let trashed = try await diary.work.entries { try $0.trashed(limit: Self.trashListed) }
        return JSONResponse.make(TrashedEntriesWire(trashed))
    }

    /// `DELETE /api/diary/trash`: drops for good every entry in the trash, or those removed
    /// before the instant `before` names; says how many.
    @Sendable func emptyTrash(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let work = try diaries.diary(for: request).work
        let query = try FormFields(query: request)
        let before = try query["before"].map { try DiaryAsked.instant($0, parameter: "before") }
        let emptied = try await work.entries { try $0.emptyTrash(removedBefore: before) }
        return JSONResponse.make(DiaryTrashEmptiedWire(emptied: emptied))
    }

    /// The most entries the trash lists.
    static let trashListed = 1_000

    /// `POST /api/diary/trash/{id}/restore`: the entry back from the trash, as it was.
    @Sendable func restoreFromTrash(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        let work = try diaries.diary(for: request).work
        let id = try Self.id(context)
        try await Self.expectNothing(in: request)
        let (restored, starred) = try await work.entries { entries in
            try Self.answering {
                do {
                    try entries.restoreFromTrash(id: id)
                } catch DiaryError.unknownEntry {
                    throw RequestError(
                        .notFound, "entry \(EntryIDText.text(of: id)) is not in the trash")
                }
                return try Self.starredEntry(try entries.revisedEntry(id: id), in: entries)
            }
        }
        return Self.response(restored, starred: starred)
    }

    /// `body`, with the diary's refusals as the answers they are: an unknown entry is a 404,
    /// blank text a 400.
    @discardableResult
    private static func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DiaryError {
            throw RequestError(.notFound, "\(error)")
        } catch let error as EntryDetailError {
            throw RequestError(.badRequest, "\(error)").field("text")
        }
    }

    /// `entry` and whether it is starred.
    private static func starredEntry(_ entry: RevisedEntry, in entries: DiaryEntries) throws
        -> (RevisedEntry, Bool)
    {
        (entry, try entries.starred(among: [entry.entry.id]).contains(entry.entry.id))
    }

    /// The entry as the API gives it (`"starred": true` when it is), with its ETag
    /// (`DiaryEntryETag`).
    private static func response(
        _ entry: RevisedEntry, starred: Bool = false, status: HTTPResponse.Status = .ok
    ) -> Response {
        var response = JSONResponse.make(
            DiaryEntryWire(entry.entry, starred: starred), status: status)
        response.headers[.eTag] = DiaryEntryETag.text(revision: entry.revision, starred: starred)
        return response
    }

    /// A 412 for a write made from a revision that is no longer current, with that one's ETag.
    private static func preconditionFailed(_ conflict: DiaryConflictError) -> RequestError {
        var refusal = RequestError(.preconditionFailed, "\(conflict)").header("If-Match")
        refusal.headers[.eTag] = DiaryEntryETag.text(revision: conflict.current.revision)
        return refusal
    }

    /// The revisions an `If-Match` header names: nil for none or `*`; the revisions of the
    /// strong ETags this API gave in its list; for a list of nothing else, a revision no entry
    /// has, so that the precondition fails (412 with the current ETag), as RFC 9110 has it for
    /// a value that matches no current ETag (a weak tag never matches: If-Match is strong).
    static func revisions(ifMatch: String?) -> [Int]? {
        guard let header = ifMatch else { return nil }
        let tags = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if tags.contains("*") { return nil }
        let revisions = tags.compactMap { DiaryEntryETag.revision(of: $0) }
        return revisions.isEmpty ? [noRevision] : revisions
    }

    /// The revision a write must find the entry at: the one of `listed` the entry is at now
    /// (a list matches when any of its tags does), else any of them, which then fails.
    private static func expected(_ listed: [Int]?, id: Entry.ID, in entries: DiaryEntries)
        throws -> Int?
    {
        guard let listed else { return nil }
        guard listed.count > 1 else { return listed[0] }
        let current = try? entries.revisedEntry(id: id).revision
        return current.flatMap { listed.contains($0) ? $0 : nil } ?? listed[0]
    }

    /// A revision no entry ever has.
    static let noRevision = -1

    static func id(_ context: some RequestContext) throws -> Entry.ID {
        do {
            return try DiaryError.id(from: try PathParameter.text("id", in: context))
        } catch let error as DiaryError {
            throw RequestError(.badRequest, "\(error)").parameter("id")
        }
    }

    /// Refuses a body that asks for anything: an action's body is empty or `{}` (its
    /// `Content-Type: application/json` is what keeps other sites from sending it).
    static func expectNothing(in request: Request) async throws {
        let buffer = try await RequestBody.collect(request, upTo: 1024)
        let bytes = buffer.readableBytesView.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard bytes.isEmpty || Array(bytes) == Array("{}".utf8) else {
            throw RequestError(.badRequest, "this action takes no body, or {}")
        }
    }

    /// The entry's content a request's body sends (`DiaryTextRequest`), refused naming the
    /// field at fault.
    static func content(in request: Request) async throws -> EntryContent {
        try await body(in: request).content
    }

    /// What a request's body sends (`DiaryTextRequest`): the content, and the date when it
    /// names one; refused naming the field at fault.
    static func body(in request: Request) async throws -> DiaryTextRequest {
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let body: DiaryTextRequest
        do {
            body = try WireJSON.decode(
                DiaryTextRequest.self, from: buffer.readableBytesView,
                shape: DiaryTextRequest.shape, field: "text")
        } catch {
            throw RequestError(refusal: error)
        }
        let content = body.content
        guard content.text.utf8.count <= DiaryImportRequest.longestText else {
            throw RequestError(
                .contentTooLarge,
                "text is longer than \(DiaryImportRequest.longestText) bytes, the most an entry holds"
            ).field("text")
        }
        return body
    }
}
