import CasebookWire
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SurveySyncCore
import SurveySyncFiles

/// The respondents API: the backend that `casebook survey sync` sends to. Every answer names
/// the store in its `Casebook-Store` header, so that a sync knows which store acknowledged what;
/// `/api/respondent-store` tells what the store holds, in digests, for a sync or a verify to
/// compare with a folder.
struct RespondentsController: Sendable {
    static let bodyLimit = 16 * 1024 * 1024
    static let maximumPageSize = 1000
    /// The most ids one lookup may ask about.
    static let maximumLookup = 10_000

    let store: any RespondentStore
    /// The same store's reviews and senders, when it keeps them.
    let reviews: (any ReviewedRespondentStore)?
    let identity: StoreIdentity
    /// The form respondents are checked against as they arrive, when the server keeps one.
    let forms: SurveyForms?

    init(
        store: any RespondentStore, reviews: (any ReviewedRespondentStore)?,
        forms: SurveyForms? = nil
    ) {
        self.store = store
        self.reviews = reviews
        self.forms = forms
        identity = StoreIdentity(store: store)
    }

    func addRoutes(to router: Router<some RequestContext>) {
        let respondents = router.group("api/respondents")
            .add(middleware: StoreHeaderMiddleware(identity: identity))
        respondents.post(use: receive)
        respondents.get(use: page)
        respondents.get("{id}", use: show)
        respondents.get("{id}/history", use: history)
        respondents.get("{id}/check", use: check)
        respondents.get("{id}/versions/{version}", use: version)
        router.group("api/respondent-reviews")
            .add(middleware: StoreHeaderMiddleware(identity: identity))
            .post(use: review)
        let storeRoutes = router.group("api/respondent-store")
            .add(middleware: StoreHeaderMiddleware(identity: identity))
        storeRoutes.get(use: summary)
        storeRoutes.get("digests", use: buckets)
        storeRoutes.get("digests/{bucket}", use: bucket)
        storeRoutes.post("lookup", use: lookup)
        storeRoutes.post("mine", use: mine)
    }

    /// `GET /api/respondents/{id}`: one respondent's fields, or 404.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        guard let respondent = try await store.respondent(id: id) else {
            throw RequestError(.notFound, "no respondent has id '\(id)'")
        }
        return JSONResponse.make(json: .object(respondent.fields))
    }

    /// `GET /api/respondents/{id}/history`: a respondent's review state, who sent its current
    /// version, and what happened to it, oldest first; 404 for an id the store does not hold.
    @Sendable func history(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        let reviews = try reviewing()
        guard let status = try await reviews.statuses(of: [id])[id] else {
            throw RequestError(.notFound, "no respondent has id '\(id)'")
        }
        let (latest, earlier) = try await reviews.history(
            of: id, latest: RespondentHistoryWire.mostEvents)
        var answer = RespondentHistoryWire(id: id, status: status, latest: latest, earlier: earlier)
        answer.original = try await reviews.original(of: id)
        return JSONResponse.make(answer)
    }

    /// `GET /api/respondents/{id}/versions/{version}`: one version of a respondent, as it
    /// arrived (`RespondentVersionWire`); 404 for a version it does not have, 410 for one that
    /// arrived before the store kept versions.
    @Sendable func version(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        let number = try PathParameter.count(
            "version", upTo: RespondentVersion.mostVersions, in: context)
        let (version, respondent) = try await RespondentVersionLookup.find(
            number, of: id, in: try reviewing(), store: store, sentences: false)
        return JSONResponse.make(RespondentVersionWire(version: version, respondent: respondent))
    }

    /// `POST /api/respondent-reviews`: sets the review state of many respondents at once
    /// (`RespondentReviewRequest`), or of none: 404 naming an id the store does not hold.
    @Sendable func review(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let reviews = try reviewing()
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let asked: RespondentReviewRequest
        do {
            asked = try RespondentReviewRequest.read(buffer.readableBytesView)
        } catch {
            throw RequestError(refusal: error)
        }
        do {
            try await reviews.setReview(
                asked.state, of: asked.ids, by: SignedInUser.reviewer, comment: asked.comment)
        } catch let unknown as UnknownRespondentError {
            let index = asked.ids.firstIndex(of: unknown.id) ?? 0
            throw RequestError(.notFound, "\(unknown): nothing was reviewed").field("ids[\(index)]")
        }
        return JSONResponse.make(
            RespondentReviewWire(reviewed: asked.ids.count, state: asked.state.rawValue))
    }

    private func reviewing() throws -> any ReviewedRespondentStore {
        guard let reviews else {
            throw RequestError(.notImplemented, "this server's store keeps no reviews")
        }
        return reviews
    }

    /// `GET /api/respondent-store`: which store this is, and how many respondents it holds.
    @Sendable func summary(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        JSONResponse.make(
            json: [
                "store": .string(try await identity.value()),
                "count": .integer(try await store.count()),
            ])
    }

    /// `GET /api/respondent-store/digests`: the digest of each of the store's buckets.
    @Sendable func buckets(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let buckets: DigestBuckets
        if let user = try Self.restrictedDigestReader() {
            // One pass over what the user sent, a page at a time, their bodies being the
            // canonical JSON the digests are taken of.
            var own = DigestBuckets()
            var after: String?
            let reviews = try reviewing()
            while true {
                let page = try await reviews.respondentBodies(
                    matching: RespondentFilter(user: user), limit: 1_000, after: after)
                for (id, body) in page {
                    own.toggle(
                        RespondentDigest(
                            id: id, digest: RespondentDigest.digest(ofCanonicalJSON: body)))
                }
                guard page.count == 1_000, let last = page.last else { break }
                after = last.id
            }
            buckets = own
        } else {
            buckets = try await verifiable().digestBuckets()
        }
        return JSONResponse.make(
            json: [
                "store": .string(try await identity.value()),
                "buckets": .array(buckets.hex.map(JSONValue.string)),
            ])
    }

    /// `GET /api/respondent-store/digests/{bucket}`: each respondent's digest in one bucket.
    @Sendable func bucket(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let text = try PathParameter.text("bucket", in: context)
        guard let bucket = Int(text), (0..<DigestBuckets.count).contains(bucket) else {
            throw RequestError(
                .badRequest,
                "the bucket must be a whole number from 0 to \(DigestBuckets.count - 1)"
            ).parameter("bucket")
        }
        let digests = try await visibleDigests(inBucket: bucket)
        return JSONResponse.make(
            json: [
                "store": .string(try await identity.value()), "bucket": .integer(bucket),
                "respondents": .array(
                    digests.map { ["id": .string($0.id), "digest": .string($0.digest)] }),
            ])
    }

    /// `POST /api/respondent-store/lookup`: the digests of the ids asked about that the store
    /// holds.
    @Sendable func lookup(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let ids = try Self.lookupIDs(in: buffer.readableBytesView)
        var found: [String: JSONValue] = [:]
        var wanted = Set(ids)
        if let user = try Self.restrictedDigestReader() {
            // Only the ids the user sent are looked up at all.
            let statuses = try await reviewing().statuses(of: ids)
            wanted = wanted.filter { statuses[$0]?.sender.user == user }
        }
        for bucket in Set(wanted.map(RespondentDigest.bucket(ofID:))) {
            for digest in try await verifiable().digests(inBucket: bucket)
            where wanted.contains(digest.id) {
                found[digest.id] = .string(digest.digest)
            }
        }
        return JSONResponse.make(
            json: ["store": .string(try await identity.value()), "digests": .object(found)])
    }

    /// `POST /api/respondent-store/mine` (`{"ids": […]}`, as a lookup): which of the ids the
    /// store holds the caller sent the current version of, the same user on the same device
    /// (the label of the token), or that nobody recorded a sender of: what a verify of one
    /// device's folder takes as its own.
    @Sendable func mine(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let reviews = try reviewing()
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let ids = try Self.lookupIDs(in: buffer.readableBytesView)
        let caller = SignedInUser.sender
        let mine = try await reviews.statuses(of: ids).filter { $0.value.sender.mayBe(caller) }.keys
        return JSONResponse.make(
            json: [
                "store": .string(try await identity.value()),
                "mine": .array(mine.sorted().map(JSONValue.string)),
            ])
    }

    /// The user whose digests alone a caller may read: a surveyor reads the digests of the
    /// respondents whose current version they sent, and nobody else's, since a digest of
    /// another's answers would confirm a guess at them offline (an age, a smoker's answer);
    /// nil for a caller who reads every respondent (an admin, or anyone on a server without
    /// users).
    private static func restrictedDigestReader() throws -> String? {
        guard !RespondentFilterQuery.mayReadEveryone else { return nil }
        guard let user = SignedInUser.current else {
            throw RequestError(.forbidden, "Only an admin reads every respondent's digest.")
        }
        return user
    }

    /// The digests of one bucket that the caller may read.
    private func visibleDigests(inBucket bucket: Int) async throws -> [RespondentDigest] {
        guard let user = try Self.restrictedDigestReader() else {
            return try await verifiable().digests(inBucket: bucket)
        }
        return try await digests(inBucket: bucket, sentBy: user)
    }

    /// The digests of one bucket whose respondents' current version `user` sent.
    private func digests(inBucket bucket: Int, sentBy user: String) async throws
        -> [RespondentDigest]
    {
        let all = try await verifiable().digests(inBucket: bucket)
        guard !all.isEmpty else { return [] }
        let statuses = try await reviewing().statuses(of: all.map(\.id))
        return all.filter { statuses[$0.id]?.sender.user == user }
    }

    private func verifiable() throws -> any VerifiableRespondentStore {
        guard let store = store as? any VerifiableRespondentStore else {
            throw RequestError(.notImplemented, "this server's store cannot tell what it holds")
        }
        return store
    }

    /// The ids of a lookup: `{"ids": ["a", "b", …]}`, at most `maximumLookup`.
    static func lookupIDs(in body: some Collection<UInt8>) throws -> [String] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw RequestError(.badRequest, "the body is not valid JSON: \(error)")
        }
        guard case .array(let values)? = json["ids"] else {
            throw RequestError(.badRequest, #"the body must be {"ids": ["…", …]}"#)
        }
        if case .object(let members) = json,
            let unknown = members.keys.sorted().first(where: { $0 != "ids" })
        {
            throw RequestError(.badRequest, "the body has no member '\(unknown)'").field(unknown)
        }
        guard values.count <= maximumLookup else {
            throw RequestError(.badRequest, "a lookup asks about at most \(maximumLookup) ids")
        }
        return try values.enumerated().map { index, value in
            guard case .string(let id) = value else {
                throw RequestError(.badRequest, "the id at index \(index) is not a string")
            }
            return id
        }
    }

    /// `POST /api/respondents`: upserts a JSON object or an array of objects, all or nothing.
    @Sendable func receive(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let respondents = try Self.respondents(in: buffer.readableBytesView)
        let counts = try await store.upsert(respondents, sentBy: SignedInUser.sender)
        let problems = await forms?.check(respondents) ?? [:]
        return JSONResponse.make(RespondentReceiptWire(counts: counts, problems: problems))
    }

    /// `GET /api/respondents/{id}/check`: what checking the respondent against the form found
    /// (`RespondentCheckRecord`), and whether it is of the respondent as it is now; 404 for an
    /// id the store does not hold or one never checked.
    @Sendable func check(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try PathParameter.text("id", in: context)
        guard let respondent = try await store.respondent(id: id) else {
            throw RequestError(.notFound, "no respondent has id '\(id)'")
        }
        guard let forms, let record = try await forms.store.checks(of: [id])[id] else {
            throw RequestError(
                .notFound, "respondent '\(id)' has not been checked against a form")
        }
        return JSONResponse.make(
            RespondentCheckWire(
                record, current: record.isOf(respondent)))
    }

    static func respondents(in body: some Collection<UInt8>) throws -> [Respondent] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw RequestError(.badRequest, "the body is not valid JSON: \(error)")
        }
        switch json {
        case .object(let members) where members["id"] == nil && members["respondents"] != nil:
            return try withOriginals(members)
        case .object:
            guard
                let respondent = Respondent(
                    json: try wholeNumberID(json, which: "the respondent", field: "id"))
            else {
                throw RequestError(
                    .badRequest, "the respondent has no id (a non-empty string or an integer)"
                ).field("id")
            }
            try refuseUnreachable(respondent, which: "the respondent", field: "id")
            return [respondent]
        case .array(let elements):
            return try respondents(elements)
        default:
            throw RequestError(
                .badRequest, "the body must be a respondent object or an array of them")
        }
    }

    /// The respondents of `{"respondents": […], "originals": […]}`, each with the text of the
    /// file it was read from (`originals[i]`, or null for none), which must read, as
    /// `RespondentParser` reads a file named after the id, as that same respondent.
    private static func withOriginals(_ members: [String: JSONValue]) throws -> [Respondent] {
        if let unknown = members.keys.sorted().first(where: {
            $0 != "respondents" && $0 != "originals"
        }) {
            throw RequestError(.badRequest, "the body has no member '\(unknown)'").field(unknown)
        }
        guard case .array(let elements)? = members["respondents"] else {
            throw RequestError(.badRequest, "respondents must be an array of respondent objects")
                .field("respondents")
        }
        var respondents = try respondents(elements)
        let originals: [JSONValue]
        switch members["originals"] {
        case nil, .null?: return respondents
        case .array(let values)? where values.count == respondents.count: originals = values
        default:
            throw RequestError(
                .badRequest, "originals must have one text (or null) per respondent"
            ).field("originals")
        }
        for (index, original) in originals.enumerated() {
            let field = "originals[\(index)]"
            let text: String
            switch original {
            case .null: continue
            case .string(let value): text = value
            default:
                throw RequestError(
                    .badRequest, "the original at index \(index) is neither text nor null"
                ).field(field)
            }
            guard text.utf8.count <= RespondentParser.maximumFileSize else {
                throw RequestError(
                    .badRequest,
                    "the original at index \(index) is larger than a respondent file may be"
                ).field(field)
            }
            let read: Respondent
            do {
                read = try RespondentParser.respondent(
                    fromYAML: text, fileName: respondents[index].id + ".yaml")
            } catch {
                throw RequestError(.badRequest, "the original at index \(index): \(error)")
                    .field(field)
            }
            // Compared as the stores compare them, by the bytes of their canonical JSON: to
            // Swift, -0.0 is 0.0 and é composed is é decomposed, and the original would then
            // bring other answers back when its file is read again (an export's ZIP).
            guard
                read.id.utf8.elementsEqual(respondents[index].id.utf8),
                RespondentDigest.digest(of: read.fields)
                    == RespondentDigest.digest(of: respondents[index].fields)
            else {
                throw RequestError(
                    .badRequest,
                    "the original at index \(index) does not read as the respondent it came with"
                ).field(field)
            }
            respondents[index].originalYAML = text
        }
        return respondents
    }

    /// A 400 for a respondent whose id no address reaches (`RespondentIDProblem`).
    private static func refuseUnreachable(_ respondent: Respondent, which: String, field: String)
        throws
    {
        switch RespondentIDProblem.of(respondent.id) {
        case nil: return
        case .dotSegment:
            throw RequestError(
                .badRequest, "\(which) has an id of '.' or '..', which no address reaches"
            ).field(field)
        case .tooLong:
            throw RequestError(
                .badRequest, "\(which) has an id longer than \(RespondentIDProblem.longest) bytes"
            ).field(field)
        case .notComposed:
            throw RequestError(
                .badRequest, "\(which) has an id that \(RespondentIDProblem.notComposedWords)"
            ).field(field)
        }
    }

    /// The respondents of a JSON array of them.
    /// Each respondent once: two with one id (told apart by its bytes) are a 400 naming the
    /// second, which would otherwise replace the first unseen.
    private static func respondents(_ elements: [JSONValue]) throws -> [Respondent] {
        let respondents = try elements.enumerated().map { index, element in
            guard case .object = element else {
                throw RequestError(
                    .badRequest, "the respondent at index \(index) is not a JSON object")
            }
            guard
                let respondent = Respondent(
                    json: try wholeNumberID(
                        element, which: "the respondent at index \(index)", field: "/\(index)/id"))
            else {
                throw RequestError(
                    .badRequest,
                    "the respondent at index \(index) has no id (a non-empty string or an integer)"
                ).field("/\(index)/id")
            }
            try refuseUnreachable(
                respondent, which: "the respondent at index \(index)", field: "/\(index)/id")
            return respondent
        }
        var places: [RespondentIDKey: Int] = [:]
        for (index, respondent) in respondents.enumerated() {
            if let first = places.updateValue(index, forKey: RespondentIDKey(respondent.id)) {
                throw RequestError(
                    .badRequest,
                    "the respondents at index \(first) and \(index) have one id, '\(respondent.id)':"
                        + " a request names each respondent once"
                ).field("/\(index)/id")
            }
        }
        return respondents
    }

    /// `respondent` with an id written as a whole number with a fraction (`19101.0`, `2e3`)
    /// as that whole number: JSON, and the API's description, do not tell them apart. Beyond
    /// 2^53, where a 64-bit float no longer holds every whole number, such an id is refused
    /// (`which` says which respondent it is): the float may not be the number that was sent.
    static func wholeNumberID(_ respondent: JSONValue, which: String, field: String) throws
        -> JSONValue
    {
        guard case .object(var fields) = respondent, case .double(let number)? = fields["id"],
            number.rounded() == number
        else { return respondent }
        guard number.magnitude <= 9_007_199_254_740_992, let whole = Int(exactly: number) else {
            throw RequestError(
                .badRequest,
                "\(which) has an id of \(number), a whole number written with a fraction beyond"
                    + " 2^53, which a 64-bit float does not hold exactly (send it as an integer"
                    + " or a string)"
            ).field(field)
        }
        fields["id"] = .integer(whole)
        return .object(fields)
    }

    /// `GET /api/respondents?limit=&after=`: a page in id order, with the id to continue
    /// after. With `format=csv|jsonl` (or an `Accept` of `text/csv` or `application/jsonl`),
    /// every respondent instead, as a file (`RespondentExport`), streamed.
    @Sendable func page(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let query = try FormFields(query: request)
        let spreadsheet = try Self.flag("spreadsheet", in: query)
        let review = try Self.flag("review", in: query)
        let filter = try RespondentFilterQuery.visible(RespondentFilterQuery.filter(in: query))
        // Checked for an export too, which takes every respondent: a bad one is still refused.
        let limit = try query.integer("limit", in: 1...Self.maximumPageSize) ?? 100
        if Self.asksForArchive(query, accept: request.headers[.accept]) {
            return try archive(filter)
        }
        if query["format"] == "geojson" {
            return try await geoJSON(filter: filter)
        }
        if query["format"] == "xlsx"
            || (query["format"] == nil
                && Self.acceptedTypes(request.headers[.accept]).contains(
                    RespondentWorkbook.contentType))
        {
            return try await workbook(review: review, filter: filter)
        }
        if let format = try Self.exportFormat(query, accept: request.headers[.accept]) {
            return try await export(
                format, spreadsheet: spreadsheet, review: review, filter: filter)
        }
        let after = query["after"]
        let respondents: [(id: String, fields: JSONValue)]
        if filter == RespondentFilter() {
            respondents = try await store.respondents(limit: limit, after: after).map {
                ($0.id, .object($0.fields))
            }
        } else {
            respondents = try await reviewing().respondentBodies(
                matching: filter, limit: limit, after: after
            ).map { ($0.id, try JSONParser.parse($0.body)) }
        }
        let next = respondents.count == limit ? respondents.last?.id : nil
        var response = JSONResponse.make(
            json: [
                "respondents": .array(respondents.map(\.fields)),
                "next": next.map(JSONValue.string) ?? .null,
            ])
        if let next {
            var link = QueryString()
            link.append("limit", "\(limit)")
            link.append("after", next)
            RespondentFilterQuery.append(filter, to: &link)
            response.headers[HTTPField.Name("Link")!] =
                "</api/respondents?\(link.text)>; rel=\"next\""
        }
        return response
    }

    /// The export a request asks for: `format`, else its `Accept`; nil for JSON pages.
    static func exportFormat(_ query: FormFields, accept: String?) throws -> RespondentExport
        .Format?
    {
        if let name = query["format"] {
            guard let format = RespondentExport.Format(rawValue: name) else {
                throw RequestError(
                    .badRequest, "format is csv, jsonl, xlsx, geojson or zip, not '\(name)'"
                )
                .parameter("format")
            }
            return format
        }
        let accepted = acceptedTypes(accept)
        if accepted.contains("text/csv") { return .csv }
        if accepted.contains("application/jsonl") || accepted.contains("application/x-ndjson") {
            return .jsonl
        }
        return nil
    }

    /// Whether a request asks for a ZIP of the respondents' files: `format=zip`, or no
    /// `format` and an `Accept` of `application/zip`.
    static func asksForArchive(_ query: FormFields, accept: String?) -> Bool {
        if let name = query["format"] { return name == "zip" }
        return acceptedTypes(accept).contains(RespondentArchive.contentType)
    }

    /// The media types an `Accept` header names, parameters aside, in lower case.
    static func acceptedTypes(_ accept: String?) -> [String] {
        (accept ?? "").split(separator: ",").map {
            $0.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    /// The respondents `filter` takes as a ZIP of their files (`RespondentArchive`), streamed
    /// a page of the store at a time.
    func archive(_ filter: RespondentFilter) throws -> Response {
        let archive = RespondentArchive(store: try reviewing(), filter: filter)
        return Self.download(RespondentArchive.contentType, named: "respondents.zip") {
            try await archive.write(to: $0)
        }
    }

    /// A file to download, named `name`, streamed as `write` hands over its pieces.
    private static func download(
        _ contentType: String, named name: String,
        _ write: @escaping @Sendable (_ emit: ([UInt8]) async throws -> Void) async throws -> Void
    ) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: contentType,
                .contentDisposition: "attachment; filename=\"\(name)\"",
            ],
            body: ResponseBody { writer in
                try await write { try await writer.write(ByteBuffer(bytes: $0)) }
                try await writer.finish(nil)
            })
    }

    /// The columns of `export`, found before its file starts: too many is a 400 naming
    /// `format`.
    private static func columns(of export: RespondentExport) async throws -> [String] {
        do {
            return try await export.columns()
        } catch let wide as RespondentExport.TooManyColumns {
            throw RequestError(.badRequest, "\(wide)").parameter("format")
        }
    }

    /// A `true`/`false` parameter, false when absent.
    static func flag(_ name: String, in query: FormFields) throws -> Bool {
        guard let value = query[name] else { return false }
        guard value == "true" || value == "false" else {
            throw RequestError(.badRequest, "\(name) is true or false, not '\(value)'")
                .parameter(name)
        }
        return value == "true"
    }

    /// An export of every respondent, or of those `filter` takes.
    private func exporting(_ format: RespondentExport.Format, filter: RespondentFilter) throws
        -> RespondentExport
    {
        filter == RespondentFilter()
            ? RespondentExport(store: store, format: format)
            : RespondentExport(store: try reviewing(), filter: filter, format: format)
    }

    /// The positions of the respondents `filter` takes as GeoJSON (`RespondentGeoJSON`), by
    /// the form's `geopoint` questions; a 409 when the survey's form has none (or there is no
    /// form), which is what tells an answer is a position.
    func geoJSON(filter: RespondentFilter) async throws -> Response {
        let questions =
            try await forms?.latest().map {
                RespondentGeoJSON.positionQuestions(of: $0.form)
            } ?? []
        guard !questions.isEmpty else {
            throw RequestError(
                .conflict,
                "the survey's form has no geopoint question, so no answer is known to be a position"
            ).parameter("format")
        }
        let export = try exporting(.jsonl, filter: filter)
        return Self.download(RespondentGeoJSON.contentType, named: "respondents.geojson") {
            try await RespondentGeoJSON.write(export, questions: questions, to: $0)
        }
    }

    /// The respondents `filter` takes as an XLSX workbook (`RespondentWorkbook`), its columns
    /// in the form's order when the survey has one, streamed a page of the store at a time.
    func workbook(review: Bool, filter: RespondentFilter) async throws -> Response {
        var export = try exporting(.csv, filter: filter)
        export.review = review
        let columns = try await Self.columns(of: export)
        let form = try await forms?.latest()?.form
        let finished = export
        return Self.download(RespondentWorkbook.contentType, named: "respondents.xlsx") {
            try await RespondentWorkbook.write(finished, form: form, columns: columns, to: $0)
        }
    }

    /// Every respondent as a file to download, streamed a page of the store at a time; the
    /// columns of a CSV are found first, so that a refusal comes before the file starts.
    func export(
        _ format: RespondentExport.Format, spreadsheet: Bool, review: Bool = false,
        filter: RespondentFilter = RespondentFilter()
    ) async throws -> Response {
        var export = try exporting(format, filter: filter)
        export.spreadsheet = spreadsheet
        export.review = review
        let known = format == .csv ? try await Self.columns(of: export) : nil
        let finished = export
        return Self.download(export.contentType, named: "respondents.\(format.rawValue)") {
            try await finished.write(columns: known, to: $0)
        }
    }
}
