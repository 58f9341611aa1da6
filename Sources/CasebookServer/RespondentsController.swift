import Foundation
import Hummingbird
import NIOCore
import SurveySync

/// The respondents API: the backend that `casebook survey sync` sends to.
struct RespondentsController: Sendable {
    static let bodyLimit = 16 * 1024 * 1024
    static let maximumPageSize = 1000

    let store: any RespondentStore

    func addRoutes(to router: Router<some RequestContext>) {
        router.post("/api/respondents") { request, _ in try await receive(request) }
        router.get("/api/respondents") { request, _ in try await page(request) }
        router.get("/api/respondents/{id}") { _, context in
            let id = try PathParameter.text("id", in: context)
            guard let respondent = try await store.respondent(id: id) else {
                throw RequestError(.notFound, "no respondent has id '\(id)'")
            }
            return JSONResponse.make(json: .object(respondent.fields))
        }
    }

    /// Upserts a JSON object or an array of objects, all or nothing.
    private func receive(_ request: Request) async throws -> Response {
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let respondents = try Self.respondents(in: buffer.readableBytesView)
        return try JSONResponse.make(try await store.upsert(respondents))
    }

    static func respondents(in body: some Collection<UInt8>) throws -> [Respondent] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw RequestError(.badRequest, "the body is not valid JSON: \(error)")
        }
        switch json {
        case .object:
            guard let respondent = Respondent(json: json) else {
                throw RequestError(
                    .badRequest, "the respondent has no id (a non-empty string or an integer)")
            }
            return [respondent]
        case .array(let elements):
            return try elements.enumerated().map { index, element in
                guard case .object = element else {
                    throw RequestError(
                        .badRequest, "the respondent at index \(index) is not a JSON object")
                }
                guard let respondent = Respondent(json: element) else {
                    throw RequestError(
                        .badRequest,
                        "the respondent at index \(index) has no id (a non-empty string or an integer)"
                    )
                }
                return respondent
            }
        default:
            throw RequestError(
                .badRequest, "the body must be a respondent object or an array of them")
        }
    }

    /// `?limit=&after=`: a page in id order, with the id to continue after.
    private func page(_ request: Request) async throws -> Response {
        let query = try FormFields(query: request)
        let limit = try query.integer("limit", in: 1...Self.maximumPageSize) ?? 100
        let after = query["after"]
        let respondents = try await store.respondents(limit: limit, after: after)
        let next =
            respondents.count == limit ? respondents.last.map { JSONValue.string($0.id) } : nil
        return JSONResponse.make(
            json: [
                "respondents": .array(respondents.map { .object($0.fields) }),
                "next": next ?? .null,
            ])
    }
}
