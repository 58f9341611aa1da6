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
    }

    /// `GET /diary`: the list of entries, newest first, rendered once per revision.
    @Sendable func list(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let own = try diaries.diary(for: request)
        let (work, store) = (own.work, own.work.store)
        let current = try await own.revision()
        let key = own.listKey
        if let pieces = cache.cached(key, revision: current) {
            return renderer.cachedPage(pieces, request: request)
        }
        let pieces = try await work.run {
            try cache.page(key, revision: current) { placeholder in
                let (diary, screens) = makeRouter(store)
                try diary.showList()
                return listHTML(screens, csrf: placeholder)
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
            let (diary, screens) = makeRouter(store)
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
            let (diary, screens) = makeRouter(store)
            try showDetail(on: diary, id: id)
            // The revision the form starts from, so that a save can tell whether someone
            // else saved the entry meanwhile.
            let revision = try? DiaryEntries(store: store).revisedEntry(id: id).revision
            return detail(screens, request: request, revision: revision)
        }
    }

    /// `POST /diary`: adds the entry the form holds.
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let form = try await PostedForm.read(request)
        let text = form["text"]
        return try await work.run {
            let (diary, screens) = makeRouter(store)
            try diary.showNewEntry()
            return try perform(screens, text: text, request: request)
        }
    }

    /// `POST /diary/{id}`: saves the entry's new text, unless it changed since the form was opened.
    @Sendable func update(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        let form = try await PostedForm.read(request)
        let text = form["text"]
        let revision = try Self.revision(in: form["revision"])
        return try await work.run {
            let (diary, screens) = makeRouter(store)
            try showDetail(on: diary, id: id)
            guard let revision else {
                return try perform(screens, text: text, request: request)
            }
            return try update(
                screens, in: store, id: id, text: text ?? "", from: revision,
                request: request)
        }
    }

    /// `POST /diary/{id}/delete`: removes the entry.
    @Sendable func delete(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let (work, store) = try Self.diary(diaries, request)
        let id = try entryID(context)
        _ = try await PostedForm.read(request)
        return try await work.run {
            let (diary, screens) = makeRouter(store)
            try showDetail(on: diary, id: id)
            if let entry = screens.detail?.entry { try diary.delete(entry) }
            return PageRenderer.redirect(to: "/diary")
        }
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
        _ screens: LatestScreens, in store: any DiaryStore, id: Entry.ID, text: String,
        from revision: Int, request: Request
    ) throws -> Response {
        guard let screen = screens.detail else {
            throw RequestError(.notFound, "There is no such entry.")
        }
        screen.text = text
        guard screen.isActionEnabled else {
            return detail(
                screens, request: request, revision: revision,
                error: "\(EntryDetailError.blankText)", status: .badRequest)
        }
        do {
            try DiaryEntries(store: store).update(id: id, text: text, ifRevision: revision)
        } catch let conflict as DiaryConflictError {
            return renderer.page(
                "diary-conflict", title: screen.title,
                context: [
                    "theirs": conflict.current.entry.text, "mine": text,
                    "revision": String(conflict.current.revision),
                    "action": "/diary/\(id.uuidString.lowercased())",
                ],
                request: request, status: .conflict)
        } catch let error as DiaryError {
            throw RequestError(.notFound, "\(error).")
        }
        return PageRenderer.redirect(to: "/diary")
    }

    private func makeRouter(_ store: any DiaryStore) -> (DiaryRouter, LatestScreens) {
        let screens = LatestScreens()
        return (
            DiaryRouter(navigation: screens, factory: DiaryScreenFactory(store: store)), screens
        )
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
    private func perform(_ screens: LatestScreens, text: String?, request: Request) throws
        -> Response
    {
        guard let detailScreen = screens.detail else {
            throw RequestError(.notFound, "There is no such entry.")
        }
        detailScreen.text = text ?? ""
        do {
            try detailScreen.performAction()
        } catch let error as EntryDetailError {
            return detail(screens, request: request, error: "\(error)", status: .badRequest)
        }
        return PageRenderer.redirect(to: "/diary")
    }

    /// Each row: the entry as the API gives it, with what the list screen shows in its place
    /// (the text cut for a row, the date as the reader reads dates).
    private func listHTML(_ screens: LatestScreens, csrf: String) -> String {
        let list = screens.list
        let rows: [[String: Any]] = (list?.rows ?? []).enumerated().map { index, row in
            var context =
                list?.entry(at: index).map { WireContext.dictionary(of: DiaryEntryWire($0)) } ?? [:]
            context["text"] = row.text
            context["subtitle"] = row.subtitle
            return context
        }
        return renderer.html(
            "diary-list", title: screens.list?.title ?? "Diary",
            context: ["rows": rows, "hasRows": !rows.isEmpty], csrf: csrf, path: "/diary")
    }

    private func detail(
        _ screens: LatestScreens, request: Request, revision: Int? = nil, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        guard let screen = screens.detail else {
            return renderer.page(
                "error", title: "Not found", context: ["message": "There is no such entry."],
                request: request, status: .notFound)
        }
        let action = screen.entry.map { "/diary/\($0.id.uuidString.lowercased())" } ?? "/diary"
        var context: [String: Any] = [
            "text": screen.text, "actionTitle": screen.actionTitle, "action": action,
            "entry": screen.entry.map { WireContext.dictionary(of: DiaryEntryWire($0)) } ?? false,
        ]
        if let error { context["error"] = error }
        context["revision"] = revision.map { ["number": String($0)] } ?? false
        return renderer.page(
            "diary-detail", title: screen.title, context: context, request: request, status: status)
    }
}
