import CasebookForms
import CasebookMarkdown
import CasebookWire
import Diary
import Foundation
import Hummingbird

/// The diary's pages: every action goes through the `Diary` router and screen models, with the
/// screens the router shows rendered as HTML.
struct DiaryPages: Sendable {
    let renderer: PageRenderer
    /// The diary each request works on (the signed-in user's own, once there are users), with
    /// its revision as the list page needs it: from a tracker that re-reads it only when the
    /// data directory changed, or from the store for every view.
    let diaries: RequestDiaries
    /// The list pages, each rendered once per revision of its diary.
    let cache = RenderedPageCache()

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/diary", use: list)
        router.get("/diary/new", use: newEntry)
        router.get("/diary/{id}", use: showEntry)
        router.post("/diary", use: add)
        router.post("/diary/{id}", use: update)
        router.post("/diary/{id}/delete", use: delete)
        router.post("/diary/restore", use: restore)
        router.get("/diary/trash", use: trash)
        router.get("/diary/export", use: export)
        router.get("/diary/import", use: importForm)
        router.post("/diary/import", use: importFile)
        router.post("/diary/{id}/star", use: star)
        router.post("/diary/trash/{id}/restore", use: restoreFromTrash)
    }

    /// `GET /diary`: the list of entries, newest first, rendered once per revision; a page
    /// further down (`older=` or `newer=` a position, or `month=YYYY-MM`), rendered each time.
    @Sendable func list(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let own = try diaries.diary(for: request)
        let (work, store) = (own.work, own.work.store)
        let zone = ReaderTimeZone.of(request)
        let fields = try FormFields(query: request, repeatable: DiaryAsked.repeatable)
        if case let asked = DiaryAsked(fields, emptyIsNone: true), !asked.isEmpty {
            let older = try fields["older"].map { try Self.cursor($0, named: "older") }
            // What the change before said happened (a deletion from this list), shown once.
            let notice = older == nil ? Notice.pending(in: request) : nil
            // One token, in the forms and in the cookie of a first visit.
            let token = CSRFToken.token(for: request)
            let (html, status) = try await work.run {
                let (diary, screens) = makeRouter(store, zone: zone)
                let csrf = token.value
                let query: DiaryQuery
                do {
                    query = try Self.query(asked, zone: zone ?? .autoupdatingCurrent, of: store)
                } catch let refusal as RequestError {
                    // The list again, the search as typed and what is wrong beside it.
                    let html = try listHTML(
                        screens, csrf: csrf, asked: asked, store: store,
                        back: Self.path(of: request), searchError: refusal.message,
                        unlocked: own.unlocked)
                    return (html, HTTPResponse.Status.badRequest)
                }
                try diary.showList(matching: query, after: older)
                let html = try listHTML(
                    screens, csrf: csrf, notice: notice, asked: asked, store: store,
                    back: Self.path(of: request), unlocked: own.unlocked)
                return (html, .ok)
            }
            var response = renderer.renderedPage(html, token: token, status: status)
            if notice != nil, status == .ok {
                response.setCookie(Notice.shown(secure: renderer.secureCookies))
            }
            return response
        }
        let position = try Self.position(in: fields, zone: zone ?? .autoupdatingCurrent)
        // The month a calendar shows: the one asked for (`month=`), else this one.
        let shownMonth = Self.month(in: fields["month"])
        // A page further down, or the top with a notice (for this visitor, once): rendered
        // for this request alone.
        let notice = position == nil ? Notice.pending(in: request) : nil
        if position != nil || notice != nil {
            let token = CSRFToken.token(for: request)
            let html = try await work.run {
                let (diary, screens) = makeRouter(store, zone: zone)
                switch position {
                case .after(let cursor): try diary.showList(after: cursor)
                case .before(let cursor): try diary.showList(before: cursor)
                case nil: try diary.showList()
                }
                let reader = zone ?? .autoupdatingCurrent
                let month = shownMonth ?? DiaryDay(containing: Date(), in: reader)
                return try listHTML(
                    screens, csrf: token.value, notice: notice, store: store,
                    back: Self.path(of: request),
                    onThisDay: position == nil ? try Self.onThisDay(in: store, zone: reader) : [],
                    calendar: position == nil || shownMonth != nil
                        ? try Self.calendar(month, of: store, zone: reader, open: shownMonth != nil)
                        : nil, unlocked: own.unlocked)
            }
            var response = renderer.renderedPage(html, token: token)
            if notice != nil { response.setCookie(Notice.shown(secure: renderer.secureCookies)) }
            return response
        }
        let current = try await own.revision()
        // Whose list, seen by whom (the role's navigation), in which zone, on which day (its
        // "On this day").
        let today = DiaryDay(containing: Date(), in: zone ?? .autoupdatingCurrent)
        let key =
            own.listKey + "|" + PageViewer.current.key + "|" + (zone?.identifier ?? "") + "|"
            + "\(today.year)-\(today.month)-\(today.day)"
        // An unlocked diary's page is never kept: its text goes when the diary is locked.
        if !own.unlocked, let pieces = cache.cached(key, revision: current) {
            return renderer.cachedPage(pieces, request: request)
        }
        let pieces = try await work.run {
            try cache.page(key, revision: current, keep: !own.unlocked) { placeholder in
                let (diary, screens) = makeRouter(store, zone: zone)
                try diary.showList()
                return try listHTML(
                    screens, csrf: placeholder, store: store,
                    onThisDay: try Self.onThisDay(in: store, zone: zone ?? .autoupdatingCurrent),
                    calendar: try Self.calendar(
                        today, of: store, zone: zone ?? .autoupdatingCurrent, open: false),
                    unlocked: own.unlocked)
            }
        }
        return renderer.cachedPage(pieces, request: request)
    }

    /// `GET /diary/new`: the form for a new entry.
    @Sendable func newEntry(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        return try await work.run {
            let (diary, screens) = makeRouter(store, zone: ReaderTimeZone.of(request))
            try diary.showNewEntry()
            return detail(screens, request: request)
        }
    }

    /// `GET /diary/{id}`: one entry, in the detail screen.
    @Sendable func showEntry(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        return try await work.run {
            let (diary, screens) = makeRouter(store, zone: ReaderTimeZone.of(request))
            try showDetail(on: diary, id: id)
            // The revision the form starts from, so that a save can tell whether someone
            // else saved the entry meanwhile.
            let revision = try? DiaryEntries(store: store).revisedEntry(id: id).revision
            return detail(
                screens, request: request, revision: revision,
                photos: try Self.photoSection(of: screens.detail?.entry, in: store))
        }
    }

    /// The entry page again, saying why a photo was not added (`problem`), with the words
    /// typed for it (`alt`).
    func entryPage(
        _ store: any DiaryStore, id: Entry.ID, request: Request, photoProblem problem: String,
        alt: String, status: HTTPResponse.Status
    ) throws -> Response {
        let (diary, screens) = makeRouter(store, zone: ReaderTimeZone.of(request))
        try showDetail(on: diary, id: id)
        let revision = try? DiaryEntries(store: store).revisedEntry(id: id).revision
        return detail(
            screens, request: request, revision: revision,
            photos: try Self.photoSection(
                of: screens.detail?.entry, in: store, problem: problem, alt: alt),
            status: status)
    }

    /// The entry page's photos: each small, linked to its large size, with a button that
    /// takes it off, and the form that adds one (while the entry has room); none on a new
    /// entry's page or over a store without photos.
    static func photoSection(
        of entry: Entry?, in store: any DiaryStore, problem: String? = nil, alt: String = ""
    ) throws -> Any {
        guard let entry, let store = store as? any DiaryPhotoStore else { return false }
        let entryPath = "/diary/\(entry.id.uuidString.lowercased())"
        let photos = try store.photos(ofEntry: entry.id)
        return [
            "photos": photos.enumerated().map { index, photo in
                [
                    "small": DiaryPhotoPages.path(of: photo.id, small: true),
                    "large": DiaryPhotoPages.path(of: photo.id),
                    "alt": photo.alt, "width": photo.smallWidth, "height": photo.smallHeight,
                    "label": photo.alt.isEmpty ? "\(index + 1)" : "“\(photo.alt)”",
                    "removeAction": "\(entryPath)/photos/\(photo.id)/remove",
                ] as [String: Any]
            },
            "hasPhotos": !photos.isEmpty, "problem": problem ?? false, "alt": alt,
            "action": "\(entryPath)/photos",
            "full": photos.count >= DiaryPhotoLimits.mostPerEntry,
        ] as [String: Any]
    }

    /// `POST /diary`: adds the entry the form holds.
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let form = try await PostedForm.read(request, limit: Self.textFormLimit)
        let content = try Self.content(in: form)
        let zone = ReaderTimeZone.of(request)
        return try await work.run {
            let (diary, screens) = makeRouter(store, zone: zone)
            try diary.showNewEntry()
            // A moment changed from the one the form showed dates the entry; else it is now.
            let (when, refusal) = moment(
                in: form, zone: zone, screens: screens, content: content, revision: nil,
                request: request)
            if let refusal { return refusal }
            guard let when else { return try perform(screens, content: content, request: request) }
            do {
                try DiaryEntries(store: store).add(content ?? EntryContent(text: ""), at: when)
            } catch let error as EntryDetailError {
                return detail(screens, request: request, error: "\(error)", status: .badRequest)
            }
            return redirect(with: Notice(.added))
        }
    }

    /// The moment the form names (`when(in:zone:)`), or the form again saying why it names
    /// none, with what was typed kept.
    private func moment(
        in form: FormFields, zone: TimeZone?, screens: LatestScreens, content: EntryContent?,
        revision: Int?, request: Request
    ) -> (when: Date?, refusal: Response?) {
        do {
            return (try Self.when(in: form, zone: zone), nil)
        } catch {
            screens.detail?.content = content ?? EntryContent(text: "")
            return (
                nil,
                detail(
                    screens, request: request, revision: revision, error: "\(error)",
                    when: form["when"], status: .badRequest)
            )
        }
    }

    /// The moment the form's `when` names, in the reader's zone, when it was changed from the
    /// one the form showed (`when-shown`); nil when it was not.
    /// - Throws: `DiaryMomentError` for one that names no moment, or a time the clocks skip.
    static func when(in form: FormFields, zone: TimeZone?) throws -> Date? {
        guard let text = form["when"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
            text != form["when-shown"]
        else { return nil }
        return try DiaryMoment.date(text, now: Date(), zone: zone ?? .autoupdatingCurrent)
    }

    /// `date` as the form's `when` shows it: `2025-11-02T08:30`, in `zone`.
    static func whenValue(_ date: Date, zone: TimeZone?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? .autoupdatingCurrent
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d", parts.year ?? 1, parts.month ?? 1, parts.day ?? 1,
            parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `POST /diary/{id}`: saves the entry's new text, unless it changed since the form was opened.
    @Sendable func update(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        let form = try await PostedForm.read(request, limit: Self.textFormLimit)
        let content = try Self.content(in: form)
        let revision = try Self.revision(in: form["revision"])
        let zone = ReaderTimeZone.of(request)
        return try await work.run {
            let (diary, screens) = makeRouter(store, zone: zone)
            do {
                try diary.showDetail(id: id)
            } catch DiaryError.unknownEntry where !(content?.isBlank ?? true) {
                return try deletedWhileEdited(
                    store, content: content ?? EntryContent(text: ""), request: request)
            } catch let error as DiaryError {
                throw RequestError(.notFound, "\(error).")
            }
            guard let revision else {
                return try perform(screens, content: content, request: request)
            }
            let (when, refusal) = moment(
                in: form, zone: zone, screens: screens, content: content, revision: revision,
                request: request)
            if let refusal { return refusal }
            return try update(
                screens, in: store, id: id, content: content ?? EntryContent(text: ""),
                date: when, from: revision, request: request)
        }
    }

    /// `POST /diary/{id}/delete`: asks first (a page of its own, which posts again with
    /// `confirm=yes`), then removes the entry; the list says so and offers Undo.
    @Sendable func delete(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        let form = try await PostedForm.read(request)
        let confirmed = form["confirm"] == "yes"
        // The list it was deleted from (a search, a tag), to go back to.
        let back = Self.listPath(form["back"])
        return try await work.run {
            let (diary, screens) = makeRouter(store, zone: ReaderTimeZone.of(request))
            try showDetail(on: diary, id: id)
            guard let entry = screens.detail?.entry else {
                throw RequestError(.notFound, "There is no such entry.")
            }
            guard confirmed else {
                return renderer.page(
                    "diary-delete", title: "Delete this entry?",
                    context: [
                        "text": entry.text, "subtitle": screens.detail?.title ?? "",
                        "action": "/diary/\(EntryIDText.text(of: id))/delete", "back": back,
                    ], request: request)
            }
            try diary.delete(entry)
            var notice = Notice(.deleted, removed: entry)
            // Its Undo goes back to the list it was deleted from.
            notice.back = back
            return redirect(with: notice, to: back)
        }
    }

    /// `POST /diary/restore`: puts a deleted entry back as it was (Undo), from the fields the
    /// notice's form carries; 409 when an entry with its id is there.
    @Sendable func restore(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let form = try await PostedForm.read(request)
        let entry = try Self.entry(
            id: form["id"], date: form["date"], content: Self.content(in: form))
        return try await work.run {
            let restored: Bool
            do {
                restored = try DiaryEntries(store: store).restore(entry)
            } catch let error as EntryDetailError {
                throw RequestError(.badRequest, "\(error)")
            }
            guard restored else {
                throw RequestError(.conflict, "That entry is in the diary already.")
            }
            return redirect(with: Notice(.restored), to: Self.listPath(form["back"]))
        }
    }

    /// The entry an Undo form describes.
    private static func entry(id: String?, date: String?, content: EntryContent?) throws -> Entry {
        guard let id, let entryID = try? DiaryError.id(from: id) else {
            throw RequestError(.badRequest, "The entry's id is missing or not an id.")
        }
        guard let date, let seconds = Double(date), seconds.isFinite,
            (-62_135_596_800...253_402_300_799).contains(seconds)
        else {
            throw RequestError(.badRequest, "The entry's date is missing or not a date.")
        }
        return Entry(
            id: entryID, date: Date(timeIntervalSince1970: seconds),
            content: content ?? EntryContent(text: ""))
    }

    /// Back to the list, which says what happened.
    private func redirect(with notice: Notice, to path: String = "/diary") -> Response {
        var response = PageRenderer.redirect(to: path)
        response.setCookie(notice.cookie(secure: renderer.secureCookies))
        return response
    }

    /// The query `asked` names, its days in `zone`; a 400 naming the field that cannot be
    /// read.
    static func query(_ asked: DiaryAsked, zone: TimeZone, of store: any DiaryStore) throws
        -> DiaryQuery
    {
        let query: DiaryQuery
        do {
            query = try asked.query(of: DiaryEntries(store: store), zone: zone)
        } catch {
            let label =
                switch error {
                case .search: "The search"
                case .from: "From"
                case .to: "To"
                case .tag, .tooManyTags: "The tags"
                }
            throw RequestError(.badRequest, "\(label): \(error).").parameter(
                DiaryAsked.parameter(of: error))
        }
        return try asked.boundingBefore(query)
    }

    /// `GET /diary/trash`: the entries deleted in the last 30 days, newest deletion first,
    /// each with a Restore button.
    @Sendable func trash(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let zone = ReaderTimeZone.of(request) ?? .autoupdatingCurrent
        let trashed = try await work.run {
            try DiaryEntries(store: store).trashed(limit: DiaryAPIController.trashListed)
        }
        let dates = DiaryDateFormatter(locale: Self.pageLocale, timeZone: zone)
        let rows: [[String: Any]] = trashed.map { item in
            var row = WireContext.dictionary(of: DiaryEntryWire(item.entry))
            row["subtitle"] = dates.string(from: item.entry.date)
            row["removed"] = dates.string(from: item.removedAt)
            row["removedAt"] = WireDateText.text(of: item.removedAt)
            return row
        }
        return renderer.page(
            "diary-trash", title: "Deleted entries",
            context: ["rows": rows, "hasRows": !rows.isEmpty], request: request)
    }

    /// `GET /diary/export?format=json|zip|markdown|jrnl`: the whole diary as a file to keep:
    /// Casebook's JSON (what `casebook diary import` reads), the same with every entry's photos
    /// in a ZIP (`DiaryArchive`), Markdown or jrnl's journal, dated in the reader's time zone.
    @Sendable func export(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let format = try FormFields(query: request)["format"] ?? "json"
        let zone = ReaderTimeZone.of(request) ?? .autoupdatingCurrent
        let (type, name): (String, String) =
            switch format {
            case "json": ("application/json", "diary.json")
            case "zip": ("application/zip", "diary.zip")
            case "markdown": ("text/markdown; charset=utf-8", "diary.md")
            case "jrnl": ("text/plain; charset=utf-8", "diary.txt")
            default:
                throw RequestError(
                    .badRequest, "A diary is exported as json, zip, markdown or jrnl."
                )
                .parameter("format")
            }
        let body: [UInt8] = try await work.run {
            let entries = DiaryEntries(store: store)
            var all: [Entry] = []
            try entries.forEachNewest(limit: Int.max) { all.append($0) }
            switch format {
            case "json":
                return DiaryEntriesJSONStream.encode(
                    all, starred: try entries.starredIDs(), indented: true)
            case "zip": return try DiaryArchive.zip(of: entries)
            case "markdown": return Array(DiaryTextExport.markdown(all.reversed(), zone: zone).utf8)
            default:
                return Array(
                    DiaryTextExport.jrnl(
                        all.reversed(), starred: try entries.starredIDs(), zone: zone
                    ).utf8)
            }
        }
        var response = Response(
            status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        response.headers[.contentType] = type
        response.headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return response
    }

    /// The largest file the import page takes: some 10,000 entries of a page each, or a ZIP
    /// of a diary with its photos.
    static let importLimit = 128 * 1024 * 1024

    /// The most bytes of a form that sends an entry's text, 4 MiB: one of
    /// `DiaryImportRequest.longestText` bytes fits however the browser encodes it (`%XX`, three
    /// bytes a byte, at worst), so that any entry can be saved again as it is.
    static let textFormLimit = 4 * DiaryImportRequest.longestText

    /// The entry's content a form holds: nil without a text; refused, naming the field, when
    /// the text is longer than an entry holds.
    static func content(in form: FormFields) throws -> EntryContent? {
        try checkedText(form["text"]).map { EntryContent(text: $0) }
    }

    /// The text of a form, refused when it is longer than an entry holds.
    static func checkedText(_ text: String?) throws -> String? {
        guard let text, text.utf8.count > DiaryImportRequest.longestText else { return text }
        throw RequestError(
            .contentTooLarge,
            "The text is longer than \(DiaryImportRequest.longestText / 1024 / 1024) MiB, the most an entry holds."
        )
    }

    /// `GET /diary/import`: a form to send a diary file (Casebook's JSON, Day One's export, a
    /// jrnl journal) to add to the diary.
    @Sendable func importForm(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        renderer.page(
            "diary-import", title: "Import entries", context: Self.importContext(), request: request
        )
    }

    /// `POST /diary/import` (`multipart/form-data`: `file`, `format`, `csrf`): the file's
    /// entries added with their ids and dates, each once, through the same reading and checks
    /// as `casebook diary import`; the page then says what was added, or, refused whole,
    /// which file, entry or line is wrong. Sending the same file again adds nothing.
    @Sendable func importFile(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let form = try await PostedForm.readFiles(request, limit: Self.importLimit)
        // A format that is not text is refused, not taken for "told from the file".
        if form["format"] == nil, form.part(named: "format") != nil {
            throw RequestError(.badRequest, "A diary file's format is text.").field("format")
        }
        let formatName = form["format"] ?? ""
        guard formatName.isEmpty || DiaryFile.Format(rawValue: formatName) != nil else {
            throw RequestError(.badRequest, "A diary file is casebook, dayone or jrnl.")
                .field("format")
        }
        guard let file = form.part(named: "file"), !file.body.isEmpty else {
            return renderer.page(
                "diary-import", title: "Import entries",
                context: Self.importContext(
                    error: "Choose a file to import.",
                    chosen: DiaryFile.Format(rawValue: formatName)),
                request: request, status: .badRequest)
        }
        let name = Self.fileName(file.filename)
        let zone = ReaderTimeZone.of(request) ?? .autoupdatingCurrent
        let contents: DiaryFile.Contents
        do {
            contents = try DiaryFile.read(
                file.body, named: name, format: DiaryFile.Format(rawValue: formatName),
                zone: zone)
        } catch {
            return renderer.page(
                "diary-import", title: "Import entries",
                context: Self.importContext(
                    error: "Nothing was imported: \(error.message)",
                    chosen: DiaryFile.Format(rawValue: formatName)),
                request: request, status: .badRequest)
        }
        let keepsPhotos = DiaryEntries(store: store).keepsPhotos
        let photos: DiaryPhotoImport
        do {
            photos = try await work.run {
                try DiaryPhotoImport(contents, keepsPhotos: keepsPhotos)
            }
        } catch let refusal as DiaryPhotoImport.Refusal {
            return renderer.page(
                "diary-import", title: "Import entries",
                context: Self.importContext(
                    error: "Nothing was imported: \(refusal)",
                    chosen: DiaryFile.Format(rawValue: formatName)),
                request: request, status: .badRequest)
        }
        let added = try await work.run {
            let entries = DiaryEntries(store: store)
            let added = try entries.restore(contentsOf: contents.entries)
            for id in contents.starred { try entries.setStarred(true, id: id) }
            _ = try photos.add(to: entries)
            return added
        }
        var said = "Imported \(EnglishCount.phrase(added, "entry", plural: "entries")) from \(name)"
        if contents.entries.count > added {
            said +=
                "; \(EnglishCount.phrase(contents.entries.count - added, "entry was", plural: "entries were")) already there"
        }
        if contents.skipped > 0 {
            said +=
                "; \(EnglishCount.phrase(contents.skipped, "entry", plural: "entries")) without text skipped"
        }
        if !photos.photos.isEmpty {
            said += "; \(EnglishCount.phrase(photos.photos.count, "photo", plural: "photos")) kept"
        }
        if photos.leftOut > 0 {
            said +=
                "; \(EnglishCount.phrase(photos.leftOut, "photo", plural: "photos")) left out "
                + (keepsPhotos
                    ? "(not in the file: import Day One's ZIP export to bring them)"
                    : "(this diary keeps no photos)")
        }
        return renderer.page(
            "diary-import", title: "Import entries",
            context: Self.importContext(imported: said + "."), request: request)
    }

    /// A sent file's name as the page says it: at most 100 characters, control characters
    /// shown as `?`; "the file" when it has none.
    static func fileName(_ sent: String?) -> String {
        guard let sent, !sent.isEmpty else { return "the file" }
        let shown = sent.unicodeScalars.prefix(100).map { scalar -> Character in
            scalar.properties.generalCategory == .control ? "?" : Character(scalar)
        }
        return String(shown)
    }

    /// The import page's names: the formats to choose from, and what the last file did.
    /// The import page's context: what went wrong or was imported, and the formats, `chosen`
    /// selected (a refused file's page keeps the choice).
    static func importContext(
        error: String? = nil, imported: String? = nil, chosen: DiaryFile.Format? = nil
    ) -> [String: Any] {
        [
            "error": error ?? false, "imported": imported ?? false,
            "formats": DiaryFile.Format.allCases.map { format -> [String: Any] in
                let label =
                    switch format {
                    case .casebook: "Casebook (JSON, as the download above writes it)"
                    case .dayone: "Day One (Journal.json of its JSON export)"
                    case .jrnl: "jrnl (its plain-text journal)"
                    }
                return ["value": format.rawValue, "label": label, "selected": format == chosen]
            },
        ]
    }

    /// `POST /diary/{id}/star` (`starred=yes|no`): stars the entry or takes its star away,
    /// then goes back to the list page it was on (`back`, a path of the diary's list).
    @Sendable func star(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        let form = try await PostedForm.read(request)
        let starred = form["starred"] == "yes"
        try await work.run {
            do {
                try DiaryEntries(store: store).setStarred(starred, id: id)
            } catch is DiaryError {
                throw RequestError(.notFound, "There is no such entry.")
            }
        }
        return Response(
            status: .seeOther, headers: [.location: Self.listPath(form["back"])])
    }

    /// The path and query `request` asked for, for a form to come back to.
    static func path(of request: Request) -> String {
        request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
    }

    /// `back` when it is a path of the diary's list (`/diary`, `/diary?…`), else `/diary`: a
    /// form never sends anyone elsewhere (`LocalRedirect`, as every redirect of the pages).
    static func listPath(_ back: String?) -> String {
        guard let back, back == "/diary" || back.hasPrefix("/diary?"),
            LocalRedirect.isSafe(back)
        else { return "/diary" }
        return back
    }

    /// `POST /diary/trash/{id}/restore`: the entry back from the trash, then the list.
    @Sendable func restoreFromTrash(_ request: Request, context: some RequestContext)
        async throws -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        _ = try await PostedForm.read(request)
        return try await work.run {
            do {
                try DiaryEntries(store: store).restoreFromTrash(id: id)
            } catch is DiaryError {
                throw RequestError(.notFound, "That entry is not in the trash.")
            }
            return redirect(with: Notice(.restored))
        }
    }

    /// Where a page of the list starts or ends.
    enum Position {
        /// The page of entries older than the cursor.
        case after(DiaryCursor)
        /// The page of entries just newer than the cursor.
        case before(DiaryCursor)
    }

    /// The page a list's query asks for: `older=`, `newer=` (a position as the links carry
    /// it) or `month=YYYY-MM` (its newest entries, in `zone`); nil for the top of the list.
    static func position(in query: FormFields, zone: TimeZone) throws -> Position? {
        if let text = query["older"] {
            return .after(try cursor(text, named: "older"))
        }
        if let text = query["newer"] {
            return .before(try cursor(text, named: "newer"))
        }
        guard let month = query["month"], !month.isEmpty else { return nil }
        guard let first = Self.month(in: month) else {
            throw RequestError(.badRequest, "A month is written 2026-03, not '\(month)'.")
                .parameter("month")
        }
        let (year, number) = (first.year, first.month)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard
            let next = calendar.date(
                from: DateComponents(
                    year: number == 12 ? year + 1 : year, month: number == 12 ? 1 : number + 1,
                    day: 1)),
            let lowest = UUID(uuidString: "00000000-0000-0000-0000-000000000000")
        else { throw RequestError(.badRequest, "There is no month \(month).") }
        // Everything before the next month begins.
        return .after(DiaryCursor(date: next, id: lowest))
    }

    private static func cursor(_ text: String, named name: String) throws -> DiaryCursor {
        guard let cursor = DiaryCursor(token: text) else {
            throw RequestError(.badRequest, "That is not a place in the diary.").parameter(name)
        }
        return cursor
    }

    /// The request's diary and where its calls run.
    private static func diary(_ diaries: RequestDiaries, _ request: Request) throws
        -> (DiaryWork, any DiaryStore & Sendable)
    {
        let work = try diaries.diary(for: request).work
        return (work, work.store)
    }

    /// The revision a form started from: none (a form from before revisions), or a number.
    private static func revision(in field: String?) throws -> Int? {
        guard let field else { return nil }
        guard let revision = Int(field), revision >= 0 else {
            throw RequestError(.badRequest, "The form's revision must be a number, not '\(field)'.")
        }
        return revision
    }

    /// Saves an edit made from `revision` only if the entry is still at it; if someone saved it
    /// meanwhile, shows both texts (409) instead of overwriting theirs. Blank text comes back as
    /// the same form with the error, as the detail screen refuses it.
    private func update(
        _ screens: LatestScreens, in store: any DiaryStore, id: Entry.ID, content: EntryContent,
        date: Date?, from revision: Int, request: Request
    ) throws -> Response {
        guard let screen = screens.detail else {
            throw RequestError(.notFound, "There is no such entry.")
        }
        screen.content = content
        guard screen.isActionEnabled else {
            return detail(
                screens, request: request, revision: revision,
                error: "\(EntryDetailError.blankText)", status: .badRequest)
        }
        do {
            try DiaryEntries(store: store).update(
                id: id, to: content, date: date, ifRevision: revision)
        } catch let conflict as DiaryConflictError {
            return renderer.page(
                "diary-conflict", title: screen.title,
                context: [
                    "theirs": conflict.current.entry.text,
                    "content": WireContext.dictionary(of: content),
                    "textLabel": "Your text (edit it, or save it over theirs)",
                    "actionTitle": "Save mine over it", "autofocus": true,
                    "revision": ["number": String(conflict.current.revision)],
                    "action": "/diary/\(id.uuidString.lowercased())",
                    "when": Self.whenContext(
                        date ?? conflict.current.entry.date, shown: conflict.current.entry.date,
                        zone: ReaderTimeZone.of(request), isNew: false),
                ],
                request: request, status: .conflict)
        } catch DiaryError.unknownEntry {
            return try deletedWhileEdited(store, content: content, request: request)
        } catch let error as DiaryError {
            throw RequestError(.notFound, "\(error).")
        }
        return redirect(with: Notice(.saved))
    }

    /// The form of a new entry holding `text`, for an edit whose entry was deleted while it
    /// was made (in another tab, by someone else): what was typed comes back rather than a
    /// "not found" that loses it.
    private func deletedWhileEdited(
        _ store: any DiaryStore, content: EntryContent, request: Request
    ) throws -> Response {
        let (diary, screens) = makeRouter(store, zone: ReaderTimeZone.of(request))
        try diary.showNewEntry()
        screens.detail?.content = content
        return detail(
            screens, request: request,
            error:
                "This entry was deleted while you edited it (in another tab, or by someone else). Your text is below: save it as a new entry, or leave it.",
            status: .conflict)
    }

    /// The pages' dates: American English, as the pages are (and as their script writes
    /// dates), in the reader's time zone.
    static let pageLocale = Locale(identifier: "en_US")

    /// The case study's router over `store`, its screens dated in the reader's time zone
    /// (the server's when the reader's is not known).
    private func makeRouter(_ store: any DiaryStore, zone: TimeZone?) -> (
        DiaryRouter, LatestScreens
    ) {
        let screens = LatestScreens()
        let formatter = DiaryDateFormatter(
            locale: Self.pageLocale, timeZone: zone ?? .autoupdatingCurrent)
        let factory = DiaryScreenFactory(store: store, formatter: formatter)
        return (DiaryRouter(navigation: screens, factory: factory), screens)
    }

    private func showDetail(on diary: DiaryRouter, id: Entry.ID) throws {
        do {
            try diary.showDetail(id: id)
        } catch let error as DiaryError {
            throw RequestError(.notFound, "\(error).")
        }
    }

    private func entryID(_ context: some RequestContext) throws -> Entry.ID {
        let text = try PathParameter.text("id", in: context)
        do {
            return try DiaryError.id(from: text)
        } catch {
            throw RequestError(.badRequest, "\(error)")
        }
    }

    /// Saves the detail screen's text; a blank text comes back as the same form with the error.
    private func perform(_ screens: LatestScreens, content: EntryContent?, request: Request)
        throws -> Response
    {
        guard let detailScreen = screens.detail else {
            throw RequestError(.notFound, "There is no such entry.")
        }
        detailScreen.content = content ?? EntryContent(text: "")
        let isNew = detailScreen.entry == nil
        do {
            try detailScreen.performAction()
        } catch let error as EntryDetailError {
            return detail(screens, request: request, error: "\(error)", status: .badRequest)
        }
        return redirect(with: Notice(isNew ? .added : .saved))
    }

    /// Each row: the entry as the API gives it, with what the list screen shows in its place
    /// (the text cut for a row, or an excerpt with the words a search found marked, and the
    /// date as the reader reads dates).
    private func listHTML(
        _ screens: LatestScreens, csrf: String, notice: Notice? = nil,
        asked: DiaryAsked? = nil, store: any DiaryStore, back: String = "/diary",
        searchError: String? = nil, onThisDay: [[String: Any]] = [],
        calendar: [String: Any]? = nil, unlocked: Bool = false
    ) throws -> String {
        let list = screens.list
        let entries = DiaryEntries(store: store)
        let tags = try entries.tagCounts()
        let starred = try entries.starred(among: (list?.rows ?? []).map(\.id))
        let rows: [[String: Any]] = (list?.rows ?? []).enumerated().map { index, row in
            let entry = list?.entry(at: index)
            var context = entry.map { WireContext.dictionary(of: DiaryEntryWire($0)) } ?? [:]
            context["text"] = row.text
            context["pieces"] = Self.pieces(of: row)
            context["preview"] = false
            // Outside a search (whose excerpt shows where the words are): the first line as
            // the entry's title, the lines after it as a preview.
            if row.marks.isEmpty, asked?.search == nil, let entry {
                let (title, preview) = Self.titleAndPreview(of: entry.text)
                context["pieces"] = [["piece": title, "marked": false]]
                context["preview"] = preview ?? false
            }
            context["subtitle"] = row.subtitle
            context["tags"] = DiaryTags.tags(in: entry?.text ?? "").map(Self.tagLink)
            context["starred"] = entry.map { starred.contains($0.id) } ?? false
            return context
        }
        func link(_ name: String, _ cursor: DiaryCursor?) -> Any {
            guard let cursor else { return false }
            var query = QueryString()
            asked?.append(to: &query)
            query.append(name, cursor.token)
            return "/diary?" + query.text
        }
        let empty =
            switch asked {
            case _ where searchError != nil: "Nothing was searched for."
            case nil: "No entries yet."
            case let asked? where asked.search != nil: "No entries have these words."
            case let asked? where !asked.tags.isEmpty: "No entries have these tags."
            case let asked? where asked.starred && asked.from == nil && asked.to == nil:
                "No starred entries."
            default: "No entries on these days."
            }
        return renderer.html(
            "diary-list", title: screens.list?.title ?? "Diary",
            context: [
                "rows": rows, "hasRows": !rows.isEmpty, "notice": notice?.context ?? false,
                "searchError": searchError ?? false,
                "onThisDay": onThisDay, "hasOnThisDay": !onThisDay.isEmpty,
                "calendar": calendar ?? false,
                "older": link("older", list?.older), "newer": link("newer", list?.newer),
                "searching": asked != nil, "empty": empty, "q": asked?.search ?? "",
                "from": asked?.from ?? "", "to": asked?.to ?? "",
                "askedTags": (asked?.tags ?? []).map { ["tag": $0] }, "hasTags": !tags.isEmpty,
                "starredOnly": asked?.starred ?? false, "back": back,
                "encryption": diaries.encryption != nil, "unlocked": unlocked,
                "tagCounts": tags.prefix(Self.listedTags).map { count in
                    Self.tagLink(count.tag).merging(["count": count.count]) { first, _ in first }
                },
            ], csrf: csrf, path: "/diary")
    }

    /// The longest title and preview a list row shows, in characters.
    static let longestTitle = 80
    static let longestPreview = 160

    /// An entry's first line with words, as a list shows it for its title (a Markdown
    /// heading's `#` taken off), and the lines after it run together as a preview (nil when
    /// there are none); each cut with "…" when longer than a row shows.
    static func titleAndPreview(of text: String) -> (title: String, preview: String?) {
        func cut(_ text: String, _ longest: Int) -> String {
            text.count > longest ? String(text.prefix(longest)) + "…" : text
        }
        var lines = text.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }[...]
        guard var title = lines.popFirst() else { return ("", nil) }
        let hashes = title.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), title.dropFirst(hashes).first == " " {
            title = title.dropFirst(hashes).trimmingCharacters(in: .whitespaces)
        }
        let rest = lines.prefix(8).joined(separator: " ")
        return (cut(title, longestTitle), rest.isEmpty ? nil : cut(rest, longestPreview))
    }

    /// The most tags the list page names.
    static let listedTags = 30

    /// A tag and the link to its entries.
    static func tagLink(_ tag: String) -> [String: Any] {
        var query = QueryString()
        query.append("tag", tag)
        return ["tag": tag, "href": "/diary?" + query.text]
    }

    /// A row's text in pieces, each marked or not, for the template to write each one escaped.
    static func pieces(of row: DiaryListScreen.Row) -> [[String: Any]] {
        var pieces: [[String: Any]] = []
        var start = row.text.startIndex
        for mark in row.marks where mark.lowerBound >= start {
            if start < mark.lowerBound {
                pieces.append(["piece": String(row.text[start..<mark.lowerBound]), "marked": false])
            }
            pieces.append(["piece": String(row.text[mark]), "marked": true])
            start = mark.upperBound
        }
        if start < row.text.endIndex {
            pieces.append(["piece": String(row.text[start...]), "marked": false])
        }
        return pieces
    }

    private func detail(
        _ screens: LatestScreens, request: Request, revision: Int? = nil, error: String? = nil,
        when typed: String? = nil, photos: Any = false, status: HTTPResponse.Status = .ok
    ) -> Response {
        guard let screen = screens.detail else {
            return renderer.page(
                "error", title: "Not found", context: ["message": "There is no such entry."],
                request: request, status: .notFound)
        }
        let action = screen.entry.map { "/diary/\($0.id.uuidString.lowercased())" } ?? "/diary"
        var context: [String: Any] = [
            "content": WireContext.dictionary(of: screen.content), "textLabel": "Entry",
            "actionTitle": screen.actionTitle, "action": action,
            "entry": screen.entry.map { WireContext.dictionary(of: DiaryEntryWire($0)) } ?? false,
        ]
        if let error { context["error"] = error }
        // An entry reads first, rendered from its Markdown, its form under it; a new one is
        // its form alone, which takes the focus.
        context["reading"] =
            screen.entry.map { ["html": MarkdownHTML.html(from: $0.text)] as [String: Any] }
            ?? false
        context["autofocus"] = screen.entry == nil || error != nil
        context["photoSection"] = photos
        context["revision"] = revision.map { ["number": String($0)] } ?? false
        let zone = ReaderTimeZone.of(request)
        let date = screen.entry?.date ?? Date()
        var when = Self.whenContext(date, shown: date, zone: zone, isNew: screen.entry == nil)
        // What was typed, when it was refused, is shown again as typed.
        if let typed { when["value"] = typed }
        context["when"] = when
        return renderer.page(
            "diary-detail", title: screen.title, context: context, request: request, status: status)
    }

    /// The form's `when`: `date` (and `shown`, the moment the form opened with, which a save
    /// that keeps it does not move the entry to), in the reader's zone, named.
    static func whenContext(_ date: Date, shown: Date, zone: TimeZone?, isNew: Bool)
        -> [String: Any]
    {
        let zone = zone ?? .autoupdatingCurrent
        return [
            "value": whenValue(date, zone: zone), "shown": whenValue(shown, zone: zone),
            "zone": zoneName(zone), "isNew": isNew,
        ]
    }

    /// A zone as a person reads it: "Central European Time (Europe/Rome)".
    static func zoneName(_ zone: TimeZone) -> String {
        guard let name = zone.localizedName(for: .generic, locale: pageLocale),
            name != zone.identifier
        else { return zone.identifier }
        return "\(name) (\(zone.identifier))"
    }

    /// The first day of the month `text` names (`2026-03`: four digits, a dash, two), nil for
    /// none or no month.
    static func month(in text: String?) -> DiaryDay? {
        guard let parts = text?.split(separator: "-", omittingEmptySubsequences: false),
            parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), (1...9999).contains(year),
            (1...12).contains(month)
        else { return nil }
        return DiaryDay(year: year, month: month, day: 1)
    }

    /// The calendar of the month of `day`: a row a week, Monday first, each day that has
    /// entries a link to them with their count; the month's entries and words; links to the
    /// months before and after (but not past this one).
    static func calendar(_ day: DiaryDay, of store: any DiaryStore, zone: TimeZone, open: Bool)
        throws -> [String: Any]
    {
        let counts = try DiaryMonthCounts.of(
            monthOf: day, in: DiaryEntries(store: store), zone: zone)
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        gregorian.locale = pageLocale
        let first = counts.firstDay.start(in: zone)
        let length = gregorian.range(of: .day, in: .month, for: first)?.count ?? 31
        // Monday 0 … Sunday 6.
        let lead = (gregorian.component(.weekday, from: first) + 5) % 7
        let today = DiaryDay(containing: Date(), in: zone)
        let monthName = gregorian.monthSymbols[counts.month - 1]
        var cells: [[String: Any]] = Array(
            repeating: ["day": "", "has": false, "today": false], count: lead)
        for number in 1...length {
            let date = String(format: "%04d-%02d-%02d", counts.year, counts.month, number)
            let count = counts.entriesByDay[number] ?? 0
            cells.append([
                "day": String(number), "has": count > 0, "count": count,
                "link": "/diary?from=\(date)&to=\(date)",
                "label": "\(monthName) \(number): "
                    + EnglishCount.phrase(count, "entry", plural: "entries"),
                "today": DiaryDay(year: counts.year, month: counts.month, day: number) == today,
            ])
        }
        while cells.count % 7 != 0 { cells.append(["day": "", "has": false, "today": false]) }
        let weeks = stride(from: 0, to: cells.count, by: 7).map {
            ["days": Array(cells[$0..<($0 + 7)])]
        }
        let next = counts.nextMonth
        let afterToday =
            next.year > today.year || (next.year == today.year && next.month > today.month)
        func monthLink(_ month: DiaryDay) -> String {
            String(format: "/diary?month=%04d-%02d", month.year, month.month)
        }
        let words = counts.words.formatted(.number.locale(Locale(identifier: "en_US")))
        return [
            "title": "\(monthName) \(counts.year)",
            "summary": EnglishCount.phrase(counts.entries, "entry", plural: "entries")
                + (counts.complete ? "" : " or more") + " · \(words) "
                + (counts.words == 1 ? "word" : "words"),
            "weeks": weeks, "open": open,
            "previous": monthLink(counts.previousMonth),
            "hasNext": !afterToday, "next": monthLink(next),
        ]
    }

    /// How many years back "On this day" looks, and how many entries of each year it shows.
    static let onThisDayYears = 20
    static let onThisDayEntries = 3

    /// "On this day": the entries of today's month and day in each of the past years, newest
    /// year first, a few of each, in `zone` (the 29th of February only in leap years).
    static func onThisDay(in store: any DiaryStore, zone: TimeZone) throws -> [[String: Any]] {
        let today = DiaryDay(containing: Date(), in: zone)
        let entries = DiaryEntries(store: store)
        var years: [[String: Any]] = []
        for back in 1...onThisDayYears {
            let day = DiaryDay(year: today.year - back, month: today.month, day: today.day)
            // A day the calendar does not have that year (29 February) is no day.
            guard day.year >= 1, DiaryDay(containing: day.start(in: zone), in: zone) == day
            else { continue }
            var found: [[String: Any]] = []
            try entries.forEachNewest(
                matching: DiaryQuery(from: day.start(in: zone), before: day.next.start(in: zone)),
                limit: onThisDayEntries
            ) { entry in
                found.append(["id": EntryIDText.text(of: entry.id), "text": entry.preview])
            }
            guard !found.isEmpty else { continue }
            years.append([
                "year": String(day.year),
                "ago": EnglishCount.phrase(back, "year") + " ago", "entries": found,
            ])
        }
        return years
    }
}
