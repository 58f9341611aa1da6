import CasebookForms
import CasebookWire
import Foundation
import Hummingbird
import SurveySyncCore
import SurveySyncFiles
import SurveySyncHTTPClient

/// `/survey`: the respondents this server received, newest first, and a "Sync now" form that
/// syncs a folder inside the data directory to this server itself (in process) or to one of the
/// backends the operator allowed at start. A visitor picks among those; nothing a request says
/// can send the server's requests anywhere else.
struct SurveyPages: Sendable {
    static let pageSize = 20
    static let defaultFolder = DataDirectoryLayout.respondentsFolderName
    /// The last page anyone can ask for: a million pages of 20.
    static let maximumPage = 1_000_000

    let renderer: PageRenderer
    let store: any RespondentStore
    /// The same store's reviews and senders, when it keeps them.
    let reviews: (any ReviewedRespondentStore)?
    let dataDirectory: URL
    /// The backends besides this server that a sync may go to.
    let backends: [URL]
    /// The survey's form, which respondents are checked against as they arrive and the table
    /// reads as.
    var forms: SurveyForms? = nil

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/survey", use: show)
        router.post("/survey/sync", use: sync)
        router.post("/survey/verify", use: verify)
        router.post("/survey/upload", use: upload)
        router.get("/survey/respondents/{id}", use: respondent)
        router.get("/survey/respondents/{id}/versions/{version}", use: version)
        router.post("/survey/review", use: review)
        router.post("/survey/respondents/{id}/review", use: reviewOne)
    }

    /// `GET /survey`: the sync form, and the respondents received to whom may read them, as a
    /// table of their fields (`columns=a,b` chooses which).
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let view = try Self.tableView(FormFields(query: request, repeatable: Self.repeatable))
        // What the marking before said, beside the table, once.
        guard let notice = Notice.pending(in: request), notice.kind == .reviewed else {
            return try await render(request, view: view, back: request.uri.query ?? "")
        }
        var response = try await render(
            request, view: view, back: request.uri.query ?? "",
            extra: ["reviewed": notice.text, "notice": false])
        response.setCookie(Notice.shown(secure: renderer.secureCookies))
        return response
    }

    /// What a table's address asks to see: a page (by offset or cursor), its columns, its
    /// filter, and the column it is sorted by (`sort=`, `order=desc`) with where its page
    /// starts (`sorted_after=`).
    struct TableView {
        var page = 0
        var cursor: TableCursor?
        var columns: [String]?
        var filter = RespondentFilter()
        var sort: RespondentSort?
        /// The id of the respondent the page starts after, in the sort's order.
        var sortedAfter: String?
    }

    /// The table's query parameters that may be repeated: `column`.
    static let repeatable: Set<String> = ["column"]

    static func tableView(_ query: FormFields) throws -> TableView {
        var view = TableView()
        view.page = try query.integer("page", in: 0...Self.maximumPage) ?? 0
        view.columns = try Self.chosenColumns(query.values("column"))
        if let before = try query.integer("before", in: 0...Int.max) {
            view.cursor = .before(before)
        } else if let after = try query.integer("after", in: 0...Int.max) {
            view.cursor = .after(after)
        }
        view.filter = try RespondentFilterQuery.filter(in: query)
        if let column = query["sort"], !column.isEmpty {
            guard column.utf8.count <= 256 else {
                throw RequestError(.badRequest, "A column's name is at most 256 bytes.")
                    .parameter("sort")
            }
            let order = query["order"] ?? "asc"
            guard order == "asc" || order == "desc" else {
                throw RequestError(.badRequest, "The order is asc or desc.").parameter("order")
            }
            view.sort = RespondentSort(column: column, descending: order == "desc")
            // A sorted table pages by its own cursor: the newest-first pages' are set aside.
            view.page = 0
            view.cursor = nil
            if let id = query["sorted_after"] {
                guard !id.isEmpty, id.unicodeScalars.count <= 1_024 else {
                    throw RequestError(
                        .badRequest, "sorted_after is a respondent's id, as this page gave it"
                    ).parameter("sorted_after")
                }
                view.sortedAfter = id
            }
        }
        return view
    }

    /// Where a page of the table starts: before or after a respondent's revision, the cursor
    /// of its last change (`before=` for older ones, `after=` for newer ones).
    enum TableCursor: Equatable {
        case before(Int)
        case after(Int)
    }

    /// A filter as query parameters to follow another (`&state=approved`), or "".
    static func filterQuery(_ filter: RespondentFilter) -> String {
        var query = QueryString()
        RespondentFilterQuery.append(filter, to: &query)
        return query.text.isEmpty ? "" : "&" + query.text
    }

    /// The query of a page of the table: the columns chosen, the filter and the sort, each
    /// kept.
    static func tableQuery(
        columns: [String]?, filter: RespondentFilter, page: Int = 0, cursor: TableCursor? = nil,
        sort: RespondentSort? = nil, sortedAfter: String? = nil
    ) -> String {
        var query = QueryString()
        RespondentFilterQuery.append(filter, to: &query)
        for column in columns ?? [] { query.append("column", column) }
        if let sort {
            query.append("sort", sort.column)
            if sort.descending { query.append("order", "desc") }
            if let sortedAfter { query.append("sorted_after", sortedAfter) }
        }
        if page > 0 { query.append("page", "\(page)") }
        switch cursor {
        case .before(let revision)?: query.append("before", "\(revision)")
        case .after(let revision)?: query.append("after", "\(revision)")
        case nil: break
        }
        return query.text.isEmpty ? "/survey" : "/survey?" + query.text
    }

    /// The most columns a table shows when none are chosen, and the most that may be chosen.
    static let shownColumns = 8
    static let mostChosenColumns = 64

    /// The columns a request chose (`column=` repeated), each a column's name of at most 256
    /// bytes; nil when it chose none.
    static func chosenColumns(_ names: [String]) throws -> [String]? {
        let chosen = names.filter { !$0.isEmpty }
        guard !chosen.isEmpty else { return nil }
        guard chosen.count <= mostChosenColumns, chosen.allSatisfy({ $0.utf8.count <= 256 })
        else {
            throw RequestError(
                .badRequest, "At most \(mostChosenColumns) columns of at most 256 bytes each."
            ).parameter("column")
        }
        var unique: [String] = []
        for name in chosen where !unique.contains(name) { unique.append(name) }
        return unique
    }

    /// `GET /survey/respondents/{id}`: one respondent's fields as a labelled list (nested maps
    /// as `group/field`, lists as their JSON), and its JSON; to whom may read it through the
    /// API.
    @Sendable func respondent(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        // An admin reads every respondent; a surveyor those they sent, read-only, and learns
        // nothing of any other (one there is not is refused alike).
        let everyone = RespondentFilterQuery.mayReadEveryone
        guard let respondent = try await store.respondent(id: id) else {
            guard everyone else { throw Self.notYours }
            throw RequestError(.notFound, "There is no respondent '\(id)'.")
        }
        if !everyone {
            let status = try await reviews?.statuses(of: [id])[id]
            guard let sender = status?.sender.user, sender == SignedInUser.current else {
                throw Self.notYours
            }
        }
        var context: [String: Any] = [
            "mayReview": everyone,
            "id": respondent.id, "fields": Self.fieldList(respondent),
            "json": Self.prettyJSON(respondent),
            "apiPath": "/api/respondents/" + PathParameter.encoded(respondent.id),
            "reviewPath": "/survey/respondents/" + PathParameter.encoded(respondent.id) + "/review",
        ]
        context["formCheck"] = try await checkContext(
            of: respondent, zone: ReaderTimeZone.of(request) ?? .current)
        if let reviews, let status = try await reviews.statuses(of: [id])[id] {
            context["original"] = try await reviews.original(of: id) ?? false
            let zone = ReaderTimeZone.of(request) ?? .current
            context["review"] = RespondentReviewContext.status(status, zone: zone)
            // The latest events; a respondent changed many times has more than a page shows.
            let (latest, earlier) = try await reviews.history(of: id, latest: Self.shownEvents)
            context["history"] = RespondentReviewContext.history(
                latest,
                versionsPath: "/survey/respondents/" + PathParameter.encoded(id) + "/versions",
                zone: zone
            ).map { event in
                // A version's own page is the admin's.
                everyone ? event : event.merging(["version": false]) { $1 }
            }
            context["earlierEvents"] =
                earlier > 0 ? "\(EnglishCount.phrase(earlier, "earlier event")) not shown." : false
            context["states"] = RespondentReviewContext.states(selected: status.state)
            // The current version against the one it replaced, when another device sent it.
            context["conflict"] = false
            if let newest = latest.compactMap(\.version).max(), newest > 1,
                let later = try await reviews.version(newest, of: id),
                let earlier = try await reviews.version(newest - 1, of: id),
                let conflict = RespondentConflict.between(earlier, later)
            {
                context["conflict"] = RespondentReviewContext.conflict(conflict, zone: zone)
            }
        }
        return renderer.page(
            "survey-respondent", title: "Respondent \(respondent.id)", context: context,
            request: request)
    }

    /// What checking `respondent` against the form found, as its page says it: each problem
    /// (field, answer, rule, in words), or that it keeps the form, against which version and
    /// when; that it changed since, or was never checked; false when there is no form.
    private func checkContext(of respondent: Respondent, zone: TimeZone) async throws -> Any {
        guard let forms, let latest = try await forms.store.latestVersion() else { return false }
        guard let record = try await forms.store.checks(of: [respondent.id])[respondent.id]
        else {
            return [
                "checked": false,
                "why":
                    "Not checked against the form: it arrived before version \(latest.number) was given. An admin’s “Check every respondent” on the form’s page checks it.",
            ]
        }
        let current = record.isOf(respondent)
        return [
            "checked": true,
            "hasIssues": record.hasIssues,
            "count": EnglishCount.phrase(record.problems.count, "issue"),
            // Each message names its field first: said once, as code.
            "problems": record.problems.map { problem in
                var said = problem.message
                if said.hasPrefix(problem.field + ":") {
                    said = String(said.dropFirst(problem.field.count))
                } else if said.hasPrefix(problem.field + " ") {
                    said = String(said.dropFirst(problem.field.count))
                } else {
                    said = ": " + said
                }
                return ["field": problem.field, "said": said]
            },
            "version": record.formVersion,
            "versionPath": "/survey/form/versions/\(record.formVersion)",
            "at": WireDateText.text(of: record.checkedAt),
            "atShown": RespondentReviewContext.shown(record.checkedAt, zone: zone),
            "stale": current
                ? false
                : "It has changed since: this check is of an earlier version of it.",
        ]
    }

    /// What a surveyor is told of a respondent they did not send, or that there is not.
    static let notYours = RequestError(
        .forbidden, "This respondent is not one you sent: only an admin can read it.")

    /// A respondent's fields as a labelled list: nested maps as `group/field`, lists as their
    /// JSON, by name.
    static func fieldList(_ respondent: Respondent) -> [[String: String]] {
        RespondentExport.cells(of: respondent.fields).sorted { $0.key < $1.key }
            .map { ["name": $0.key, "value": $0.value] }
    }

    /// `GET /survey/respondents/{id}/versions/{version}`: one version of a respondent as it
    /// arrived (who sent it and when, its fields, the text of its file), and whether a later one
    /// replaced it; for admins, as the respondent's page is.
    @Sendable func version(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        let number = try PathParameter.count(
            "version", upTo: RespondentVersion.mostVersions, in: context)
        let (version, respondent) = try await RespondentVersionLookup.find(
            number, of: id, in: reviews, store: store, sentences: true)
        // The version exists, so its number is small enough to have a next.
        let replaced = try await reviews?.version(number + 1, of: id) != nil
        let path = "/survey/respondents/" + PathParameter.encoded(id)
        let page: [String: Any] = [
            "id": id, "fields": Self.fieldList(respondent), "json": Self.prettyJSON(respondent),
            "sender": RespondentReviewContext.sender(version.sender),
            "at": WireDateText.text(of: version.at), "current": !replaced,
            "replacedBy": replaced ? number + 1 : false,
            "original": respondent.originalYAML ?? false, "respondentPath": path,
            "apiPath": "/api/respondents/" + PathParameter.encoded(id) + "/versions/\(number)",
        ]
        return renderer.page(
            "survey-respondent-version", title: "Respondent \(id), version \(number)",
            context: page, request: request)
    }

    /// The most events of a respondent's history its page shows: the latest.
    static let shownEvents = 100

    /// `POST /survey/review` (`id` repeated, `state`, `comment`): sets the review state of the
    /// respondents chosen in the table, all of them or none, and shows the table again.
    @Sendable func review(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request, repeatable: ["id"])  // the respondents chosen
        var seen = Set<String>()
        // An id chosen twice is marked once.
        let ids = form.values("id").filter { seen.insert($0).inserted }
        // The table as it was (`back`: its address's query), shown again with what changed;
        // the newest page, when its address cannot be read: the marking does not hang on it.
        var back = form["back"] ?? ""
        let view: TableView
        do {
            view = try Self.tableView(
                FormFields(back.utf8, kind: "query parameter", repeatable: Self.repeatable))
        } catch {
            back = ""
            view = TableView()
        }
        func show(_ extra: [String: Any], status: HTTPResponse.Status = .ok) async throws
            -> Response
        {
            try await render(request, view: view, back: back, extra: extra, status: status)
        }
        do {
            let reviewed = try await setReview(of: ids, from: form)
            // The table again by a redirect, so that a reload marks nothing again; the words
            // go with it in a notice.
            let query = Self.isQuery(back) && !back.isEmpty ? "?" + back : ""
            var response = PageRenderer.redirect(to: "/survey" + query)
            let words = "Marked \(EnglishCount.phrase(ids.count, "respondent")) \(reviewed.words)."
            response.setCookie(
                Notice(.reviewed, message: words).cookie(secure: renderer.secureCookies))
            return response
        } catch let error as RequestError {
            // The form again as it was sent: its state chosen, its comment as typed.
            return try await show(
                [
                    "reviewError": error.message, "reviewComment": form["comment"] ?? "",
                    "states": RespondentReviewContext.states(
                        selected: form["state"].flatMap(ReviewState.init(rawValue:))),
                ], status: error.status)
        }
    }

    /// Whether `text` is made of what a URL's query may hold as it is (RFC 3986: letters,
    /// digits, `-._~!$&'()*+,;=:@/?` and `%`): a table's address, put back in a `Location`.
    static func isQuery(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "-._~!$&'()*+,;=:@/?%".utf8.contains(byte)
            }
        }
    }

    /// `POST /survey/respondents/{id}/review` (`state`, `comment`): sets one respondent's
    /// review state, and goes back to its page.
    @Sendable func reviewOne(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        let form = try await PostedForm.read(request)
        _ = try await setReview(of: [id], from: form)
        return PageRenderer.redirect(to: "/survey/respondents/" + PathParameter.encoded(id))
    }

    /// Sets the state a review form chose (`state`, `comment`) for `ids`; refusals say what is
    /// wrong in words for the page.
    private func setReview(of ids: [String], from form: FormFields) async throws -> ReviewState {
        guard let reviews else {
            throw RequestError(.notImplemented, "This server's store keeps no reviews.")
        }
        guard !ids.isEmpty else {
            throw RequestError(.badRequest, "Choose the respondents to mark first.").field("id")
        }
        guard ids.count <= RespondentReviewRequest.mostIDs else {
            throw RequestError(
                .badRequest, "At most \(RespondentReviewRequest.mostIDs) respondents at once."
            ).field("id")
        }
        guard let state = ReviewState(rawValue: form["state"] ?? "") else {
            throw RequestError(
                .badRequest, "Choose received, has issues, approved or rejected."
            ).field("state")
        }
        let comment: String?
        do {
            comment = try RespondentReviewRequest.comment(form["comment"] ?? "")
        } catch {
            throw RequestError(.badRequest, "The comment: \(error.message).").field("comment")
        }
        do {
            try await reviews.setReview(
                state, of: ids, by: SignedInUser.reviewer, comment: comment)
        } catch let unknown as UnknownRespondentError {
            throw RequestError(
                .notFound, "There is no respondent '\(unknown.id)'; none was marked.")
        }
        return state
    }

    /// `POST /survey/sync`: syncs a folder to this server or an allowed backend.
    @Sendable func sync(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await act(on: request) { folder, backend in
            let report = try await SurveySynchronizer(
                folder: LocalRespondentFolder(url: folder), uploader: backend,
                retryDelays: [.milliseconds(250)]
            ).sync()
            return ["result": Self.context(report, relativeTo: folder)]
        }
    }

    /// `POST /survey/verify`: verifies a folder against this server or an allowed backend.
    @Sendable func verify(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await act(on: request) { folder, backend in
            let report = try await SurveyVerifier(
                folder: LocalRespondentFolder(url: folder), backend: backend,
                retryDelays: [.milliseconds(250)]
            ).verify()
            return ["verification": Self.context(report, relativeTo: folder)]
        }
    }

    /// The most files one upload sends, and the most bytes they hold in all (those inside its
    /// ZIP files too).
    static let mostUploadedFiles = RespondentUpload.mostFiles
    static let uploadLimit = RespondentUpload.mostBytes

    /// `POST /survey/upload` (`multipart/form-data`: `files`, repeated, and `csrf`): respondent
    /// files sent from the browser, read and stored as a sync stores a folder's
    /// (`RespondentUpload`), with a line per file: stored, unchanged or refused and why.
    @Sendable func upload(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.readFiles(
            request, limit: Self.uploadLimit, partLimit: Self.mostUploadedFiles + 1,
            repeatable: ["files"])  // the files chosen
        let files = form.parts.filter { $0.name == "files" && !($0.filename ?? "").isEmpty }
        guard !files.isEmpty else {
            return try await render(
                request, page: 0, extra: ["syncError": "Choose the respondent files to upload."],
                status: .badRequest)
        }
        let report = try await RespondentUpload.upload(
            files.map { RespondentUpload.File(name: $0.filename ?? "", bytes: $0.body) },
            to: store, sentBy: SignedInUser.sender)
        let problems = await forms?.check(report.stored) ?? [:]
        var issuesByFile: [Int: Int] = [:]
        for (id, found) in problems where !found.isEmpty {
            if let index = report.fileOfStored[id] {
                issuesByFile[index, default: 0] += found.count
            }
        }
        var uploaded = Self.context(report, issuesByFile: issuesByFile)
        let withIssues = problems.values.count { !$0.isEmpty }
        if withIssues > 0 {
            uploaded["issues"] =
                "\(EnglishCount.phrase(withIssues, "of them has", plural: "of them have")) issues against the form: each is marked in the table, its problems on its page."
        }
        return try await render(
            request, page: 0, extra: ["uploaded": uploaded],
            status: report.refused == report.files.count ? .badRequest : .ok)
    }

    /// An upload's report as the page shows it: the counts, then a line per file (the first
    /// `shownDifferences` of them).
    static func context(_ report: RespondentUpload.Report, issuesByFile: [Int: Int] = [:])
        -> [String: Any]
    {
        let stored = report.files.count { $0.outcome == .stored }
        let unchanged = report.files.count { $0.outcome == .unchanged }
        let hidden = report.files.count - shownDifferences
        return [
            "issues": false,
            "summary":
                "\(EnglishCount.phrase(report.files.count, "file")): stored \(stored), unchanged \(unchanged), refused \(report.refused).",
            "files": report.files.prefix(shownDifferences).enumerated().map {
                index, file -> [String: Any] in
                switch file.outcome {
                case .stored:
                    [
                        "name": file.name, "refused": false,
                        "outcome": issuesByFile[index].map {
                            "stored, " + EnglishCount.phrase($0, "issue") + " against the form"
                        } ?? "stored",
                    ]
                case .unchanged: ["name": file.name, "outcome": "unchanged", "refused": false]
                case .refused(let why): ["name": file.name, "outcome": why, "refused": true]
                }
            },
            "hiddenFiles": hidden > 0 ? "… and \(hidden) more." : false,
        ]
    }

    /// Reads the form's folder and backend, does `action` with them, and shows its result (or
    /// why it could not be done) above the respondents received.
    private func act(
        on request: Request,
        _ action: (URL, any RespondentBackend) async throws -> [String: Any]
    ) async throws -> Response {
        let form = try await PostedForm.read(request)
        let folderText = form["folder"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultFolder
        let backendText = form["backend"] ?? ""
        var extra: [String: Any] = ["folder": folderText, "selectedBackend": backendText]
        do {
            let folder = try DataDirectoryPath.resolve(folderText, in: dataDirectory)
            let backend = try backend(for: backendText)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw RequestError(
                    .badRequest, "There is no folder '\(folderText)' in the data directory.")
            }
            extra.merge(try await action(folder, backend)) { $1 }
        } catch let error as RequestError {
            extra["syncError"] = error.message
            return try await render(request, page: 0, extra: extra, status: error.status)
        } catch let error as SyncError {
            extra["syncError"] = Self.message(error)
            let status: HTTPResponse.Status =
                if case .alreadySyncing = error { .conflict } else { .badGateway }
            return try await render(request, page: 0, extra: extra, status: status)
        }
        return try await render(request, page: 0, extra: extra)
    }

    private func render(
        _ request: Request, page: Int, extra: [String: Any] = [:],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var view = TableView()
        view.page = page
        return try await render(request, view: view, extra: extra, status: status)
    }

    private func render(
        _ request: Request, view: TableView, back: String = "",
        extra: [String: Any] = [:], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (page, cursor, chosen, filter) = (view.page, view.cursor, view.columns, view.filter)
        var context: [String: Any] = [
            "folder": Self.defaultFolder, "mayRead": false,
            // A server's folder is the admin's to sync; a surveyor uploads from the browser.
            "maySync": RespondentFilterQuery.mayReadEveryone, "back": back,
        ]
        // The respondents received are shown to whoever the API would give them to: an admin
        // every one, a surveyor what they sent (with a store that keeps senders).
        let mayReadEveryone = RespondentFilterQuery.mayReadEveryone
        if PageViewer.current.mayUse(.get, "/api/respondents"), mayReadEveryone || reviews != nil {
            let filter = try RespondentFilterQuery.visible(filter)
            let own = mayReadEveryone ? RespondentFilter() : RespondentFilter(user: filter.user)
            let count =
                if let reviews { try await reviews.count(matching: own) } else {
                    try await store.count()
                }
            let shown: Int
            var respondents: [Respondent]
            if let reviews {
                shown = try await reviews.count(matching: filter)
                if let sort = view.sort {
                    // The page starts after the respondent named, where its values put it now;
                    // one no longer stored starts the order again, and so does one the viewer
                    // may not read (where the page started would tell its value).
                    var after: RespondentSort.Key?
                    if let id = view.sortedAfter,
                        let status = try await reviews.statuses(of: [id])[id], own.matches(status),
                        let respondent = try await reviews.respondent(id: id)
                    {
                        after = sort.key(id: id, body: JSONWriter.data(.object(respondent.fields)))
                    }
                    let sorted = try await SortedRespondentPage.page(
                        of: reviews, matching: filter, sortedBy: sort, limit: Self.pageSize,
                        after: after)
                    respondents = sorted.respondents
                    if let next = sorted.next {
                        context["sortedNext"] = Self.tableQuery(
                            columns: chosen, filter: filter, sort: sort, sortedAfter: next.id)
                    }
                    if view.sortedAfter != nil {
                        context["sortedFirst"] = Self.tableQuery(
                            columns: chosen, filter: filter, sort: sort)
                    }
                } else if page > 0 {
                    respondents = try await reviews.newestRespondents(
                        matching: filter, limit: Self.pageSize, offset: page * Self.pageSize)
                } else {
                    let (rows, older, newer) = try await Self.cursorPage(
                        reviews, filter: filter, cursor: cursor)
                    respondents = rows
                    if let older {
                        context["nextPage"] = Self.tableQuery(
                            columns: chosen, filter: filter, cursor: .before(older))
                    }
                    if let newer {
                        context["previousPage"] = Self.tableQuery(
                            columns: chosen, filter: filter, cursor: newer)
                    }
                }
                context.merge(
                    try await RespondentReviewContext.filters(
                        reviews, current: filter, columns: chosen, sort: view.sort,
                        everyone: mayReadEveryone,
                        shown: shown)
                ) { $1 }
                context["downloadQuery"] = Self.filterQuery(filter)
            } else {
                shown = count
                respondents = try await store.newestRespondents(
                    limit: Self.pageSize, offset: page * Self.pageSize)
            }
            context["mayRead"] = true
            context["count"] = count
            context["received"] = EnglishCount.phrase(count, "respondent") + " received"
            let statuses = try await reviews?.statuses(of: respondents.map(\.id)) ?? [:]
            let form = try await forms?.latest()
            let checks = try await forms?.store.checks(of: respondents.map(\.id)) ?? [:]
            context.merge(
                Self.table(
                    respondents, chosen: chosen, statuses: statuses,
                    form: form.map { ($0.form, $0.form.language(for: nil)) }, checks: checks)
            ) { $1 }
            context["formVersion"] = form.map { "\($0.version.number)" } ?? false
            context["mapData"] =
                form.map { !RespondentGeoJSON.positionQuestions(of: $0.form).isEmpty } ?? false
            if reviews != nil {
                Self.addSortLinks(to: &context, view: view)
            } else {
                context["order"] = "newest first"
            }
            context["reviews"] = reviews != nil
            // The columns chosen, kept by the search's form.
            context["chosenColumns"] = (chosen ?? []).map { ["name": $0] }
            context["mayReview"] = reviews != nil && mayReadEveryone
            context["mayOpen"] =
                reviews != nil
                && PageViewer.current.mayUse(.get, "/survey/respondents/{id}")
            context["states"] = RespondentReviewContext.states(selected: nil)
            context["reviewComment"] = ""
            if page > 0 {
                context["previousPage"] = Self.tableQuery(
                    columns: chosen, filter: filter, page: page - 1)
            }
            if page > 0 || reviews == nil, (page + 1) * Self.pageSize < shown {
                context["nextPage"] = Self.tableQuery(
                    columns: chosen, filter: filter, page: page + 1)
            }
        }
        context.merge(extra) { $1 }
        let selected = context["selectedBackend"] as? String ?? ""
        context["backends"] = backends.map {
            ["url": $0.absoluteString, "selected": $0.absoluteString == selected]
        }
        return renderer.page(
            "survey", title: "Survey", context: context, request: request, status: status)
    }

    /// A page of the table at `cursor` (nil: the newest), newest first, with the cursor of the
    /// page of older ones and of newer ones, when there are: each found through the store's
    /// index on revisions, as cheap deep in the store as at its top.
    static func cursorPage(
        _ reviews: any ReviewedRespondentStore, filter: RespondentFilter, cursor: TableCursor?
    ) async throws -> (respondents: [Respondent], older: Int?, newer: TableCursor?) {
        var rows: [(respondent: Respondent, revision: Int)]
        var hasOlder = false
        var hasNewer = false
        switch cursor {
        case .after(let revision)?:
            let found = try await reviews.oldestRespondents(
                matching: filter, limit: pageSize + 1, after: revision)
            guard found.count >= pageSize else {
                // Fewer than a page newer than the cursor: the top page, never a short or an
                // empty one without a way on.
                return try await cursorPage(reviews, filter: filter, cursor: nil)
            }
            rows = found.prefix(pageSize).reversed()
            hasNewer = found.count > pageSize
            if let last = rows.last {
                hasOlder =
                    !(try await reviews.newestRespondents(
                        matching: filter, limit: 1, before: last.revision)).isEmpty
            }
        case .before(let revision)?:
            let found = try await reviews.newestRespondents(
                matching: filter, limit: pageSize + 1, before: revision)
            rows = Array(found.prefix(pageSize))
            hasOlder = found.count > pageSize
            hasNewer = true
            if let first = rows.first {
                hasNewer =
                    !(try await reviews.oldestRespondents(
                        matching: filter, limit: 1, after: first.revision)).isEmpty
            }
        case nil:
            let found = try await reviews.newestRespondents(
                matching: filter, limit: pageSize + 1, before: nil)
            rows = Array(found.prefix(pageSize))
            hasOlder = found.count > pageSize
        }
        // Newer than the newest shown; with none shown, from the top.
        let newer: TableCursor? =
            hasNewer ? rows.first.map { .after($0.revision) } ?? .before(Int.max) : nil
        return (rows.map(\.respondent), hasOlder ? rows.last?.revision : nil, newer)
    }

    /// This server itself for "", else the allowed backend `text` names.
    private func backend(for text: String) throws -> any RespondentBackend {
        if text.isEmpty { return StoreUploader(store: store, forms: forms) }
        guard let backend = backends.first(where: { $0.absoluteString == text }) else {
            throw RequestError(
                .badRequest,
                "'\(text)' is not a backend this server may sync to; its operator can allow one with --sync-backend."
            )
        }
        return RespondentAPIClient(
            baseURL: backend, token: nil, transport: HTTPClientRespondentTransport())
    }

    /// The longest text a table's cell shows; the respondent's page shows it whole.
    static let longestCell = 80

    /// Respondents as a table: a column per field (`id` first, then the chosen ones, else the
    /// first `shownColumns` by name), a row per respondent, and every column of the page to
    /// choose from.
    ///
    /// With a form, the columns are in the form's order, headed by its labels (in `language`),
    /// its choices shown by their labels; fields the form does not have follow, by name. A
    /// respondent whose check (`checks`) is of it as it is now and found problems is marked.
    static func table(
        _ respondents: [Respondent], chosen: [String]?,
        statuses: [String: RespondentStatus] = [:],
        form: (form: SurveyForm, language: String?)? = nil,
        checks: [String: RespondentCheckRecord] = [:]
    ) -> [String: Any] {
        let rows = respondents.map { ($0, RespondentExport.cells(of: $0.fields)) }
        var found = Set(rows.flatMap(\.1.keys))
        found.remove("id")
        var all = found.sorted()
        var labels: [String: String] = [:]
        var lists: [String: (multiple: Bool, choices: [String: String])] = [:]
        if let (form, language) = form {
            var ordered: [String] = []
            for (path, field) in form.questions() where !field.isContainer {
                let name = path.joined(separator: "/")
                ordered.append(name)
                if let label = form.text(field.labels, in: language) { labels[name] = label }
                if let list = field.list, let choices = form.choices[list] {
                    var byName: [String: String] = [:]
                    for choice in choices {
                        byName[choice.name] = form.text(choice.labels, in: language)
                    }
                    lists[name] = (field.type == "select_multiple", byName)
                }
            }
            let inForm = Set(ordered)
            all = ordered + all.filter { !inForm.contains($0) }
        }
        let columns = chosen?.filter { $0 != "id" } ?? Array(all.prefix(shownColumns))
        return [
            "columns": columns.map { ["name": $0, "label": labels[$0] ?? $0] },
            "choices": all.map {
                ["name": $0, "label": labels[$0] ?? $0, "chosen": columns.contains($0)]
            },
            "hasChoices": !all.isEmpty,
            "rows": rows.map { respondent, cells -> [String: Any] in
                let id = respondent.id
                let check = checks[id]
                let hasIssues =
                    check.map {
                        $0.hasIssues && $0.isOf(respondent)
                    } ?? false
                return [
                    "id": id,
                    "path": "/survey/respondents/" + PathParameter.encoded(id),
                    "state": statuses[id]?.state.words ?? "",
                    "issues": hasIssues
                        ? EnglishCount.phrase(check?.problems.count ?? 0, "issue") : false,
                    "cells": columns.map { column -> [String: Any] in
                        var text = cells[column] ?? ""
                        if let list = lists[column], !text.isEmpty {
                            let codes =
                                list.multiple
                                ? text.split(separator: " ").map(String.init) : [text]
                            text = codes.map { list.choices[$0].flatMap { $0 } ?? $0 }
                                .joined(separator: ", ")
                        }
                        let shown =
                            text.count > longestCell ? String(text.prefix(longestCell)) + "…" : text
                        return ["text": shown]
                    },
                ]
            },
        ]
    }

    /// Each column's header a link that sorts the table by it (the sorted one the other way,
    /// and marked with `aria-sort`), what order the table is in, and the sort as the forms'
    /// hidden fields.
    static func addSortLinks(to context: inout [String: Any], view: TableView) {
        var labels: [String: String] = [:]
        for column in context["columns"] as? [[String: Any]] ?? [] {
            if let name = column["name"] as? String { labels[name] = column["label"] as? String }
        }
        func header(_ name: String) -> [String: Any] {
            let current = view.sort?.column == name ? view.sort : nil
            let next = RespondentSort(
                column: name, descending: current.map { !$0.descending } ?? false)
            return [
                "name": name, "label": labels[name] ?? name,
                "sortPath": tableQuery(columns: view.columns, filter: view.filter, sort: next),
                "sorted": current.map { $0.descending ? "descending" : "ascending" } ?? false,
            ]
        }
        let names = (context["columns"] as? [[String: Any]] ?? []).compactMap {
            $0["name"] as? String
        }
        context["columns"] = names.map(header)
        context["idColumn"] = header("id")
        guard let sort = view.sort else {
            context["order"] = "newest first"
            context["sortFields"] = [[String: String]]()
            return
        }
        context["order"] = "sorted by \(sort.column)" + (sort.descending ? ", descending" : "")
        var fields = [["name": "sort", "value": sort.column]]
        if sort.descending { fields.append(["name": "order", "value": "desc"]) }
        context["sortFields"] = fields
    }

    static func prettyJSON(_ respondent: Respondent) -> String {
        let data = Data(JSONWriter.data(.object(respondent.fields)))
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let pretty = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { return String(decoding: data, as: UTF8.self) }
        return String(decoding: pretty, as: UTF8.self)
    }

    static func context(_ report: SyncReport, relativeTo folder: URL) -> [String: Any] {
        [
            "summary": report.summary, "notes": report.notes.map { ["note": $0] },
            "hasFailures": !report.failures.isEmpty,
            "failures": failures(report.failures, relativeTo: folder),
        ]
    }

    /// The most differences a page lists; the summary counts them all.
    static let shownDifferences = 100

    static func context(_ report: VerifyReport, relativeTo folder: URL) -> [String: Any] {
        let hidden = report.differences.count - shownDifferences
        return [
            "summary": report.isIdentical()
                ? "All \(report.identical) respondents are on the backend, identical."
                : report.summary,
            "differences": report.differences.prefix(shownDifferences).map {
                ["difference": $0.description]
            },
            "hiddenDifferences": hidden > 0 ? "… and \(hidden) more." : false,
            "hasFailures": !report.failures.isEmpty,
            "failures": failures(report.failures, relativeTo: folder),
        ]
    }

    private static func failures(_ failures: [SyncReport.Failure], relativeTo folder: URL)
        -> [[String: String]]
    {
        failures.map {
            ["message": $0.message.replacingOccurrences(of: folder.path + "/", with: "")]
        }
    }

    /// What went wrong, without the server's own paths.
    static func message(_ error: SyncError) -> String {
        switch error {
        case .backendUnavailable(let destination, let reason, _):
            "The backend at \(destination) cannot be reached: \(reason)."
        case .folderUnreadable: "The respondents folder cannot be read."
        case .ledgerUnreadable:
            "The folder's sync ledger cannot be used; delete it to send everything again."
        case .ledgerNotSaved: "The sync ledger could not be saved; sync again."
        case .alreadySyncing:
            "Another sync of this folder is running; try again when it has finished."
        }
    }
}
