import Diary
import Foundation
import Hummingbird
import NIOCore
import CasebookJSON

/// The diary's JSON API, through the same router and screens as the pages.
struct DiaryAPIController: Sendable {
    static let maximumOffset = 1_000_000_000
    static let bodyLimit = 1024 * 1024

    let store: any DiaryStore & Sendable

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/api/diary") { request, _ in
            let query = try FormFields(query: request)
            let limit = try query.integer("limit", in: 1...1000) ?? DiaryScreenFactory.pageSize
            let offset = try query.integer("offset", in: 0...Self.maximumOffset) ?? 0
            let entries = try store.newestEntries(limit: limit, offset: offset)
            return JSONResponse.make(json: ["entries": .array(entries.map(Self.json))])
        }
        router.post("/api/diary") { request, _ in
            let text = try await Self.text(in: request)
            let (diary, screens) = makeRouter()
            try diary.showNewEntry()
            return JSONResponse.make(json: Self.json(try save(text, on: screens)), status: .created)
        }
        router.get("/api/diary/{id}") { _, context in
            let (diary, screens) = makeRouter()
            try show(try Self.id(context), on: diary)
            return JSONResponse.make(json: screens.detail?.entry.map(Self.json) ?? .null)
        }
        router.put("/api/diary/{id}") { request, context in
            let text = try await Self.text(in: request)
            let (diary, screens) = makeRouter()
            try show(try Self.id(context), on: diary)
            return JSONResponse.make(json: Self.json(try save(text, on: screens)))
        }
        router.delete("/api/diary/{id}") { _, context in
            let (diary, screens) = makeRouter()
            try show(try Self.id(context), on: diary)
            if let entry = screens.detail?.entry { try diary.delete(entry) }
            return Response(status: .noContent)
        }
    }

    private func makeRouter() -> (DiaryRouter, LatestScreens) {
        let screens = LatestScreens()
        return (
            DiaryRouter(navigation: screens, factory: DiaryScreenFactory(store: store)), screens
        )
    }

    private func show(_ id: Entry.ID, on diary: DiaryRouter) throws {
        do {
            try diary.showDetail(id: id)
        } catch let error as DiaryError {
            throw RequestError(.notFound, "\(error)")
        }
    }

    private func save(_ text: String, on screens: LatestScreens) throws -> Entry {
        guard let detail = screens.detail else {
            throw RequestError(.notFound, "there is no such entry")
        }
        detail.text = text
        do {
            return try detail.performAction()
        } catch let error as EntryDetailError {
            throw RequestError(.badRequest, "\(error)")
        }
    }

    static func id(_ context: some RequestContext) throws -> Entry.ID {
        do {
            return try DiaryError.id(from: try PathParameter.text("id", in: context))
        } catch let error as DiaryError {
            throw RequestError(.badRequest, "\(error)")
        }
    }

    static func text(in request: Request) async throws -> String {
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let body: JSONValue
        do {
            body = try JSONParser.parse(buffer.readableBytesView)
        } catch {
            throw RequestError(.badRequest, "the body is not valid JSON: \(error)")
        }
        guard case .string(let text)? = body["text"] else {
            throw RequestError(.badRequest, #"the body must be {"text": "…"}"#)
        }
        return text
    }

    static func json(_ entry: Entry) -> JSONValue {
        [
            "id": .string(entry.id.uuidString.lowercased()),
            "date": .string(
                entry.date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))),
            "text": .string(entry.text),
        ]
    }
}
