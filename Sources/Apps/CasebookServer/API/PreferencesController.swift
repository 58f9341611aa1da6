import AccountsCore
import CasebookWire
import Foundation
import Hummingbird
import NIOCore

/// `PUT` and `GET /api/preferences/{userId}`: each user's "save password?" choice. A body that
/// carries a password is refused: the backend never takes one.
struct PreferencesController: Sendable {
    static let bodyLimit = 64 * 1024

    let store: any PreferenceChoiceStore

    func addRoutes(to router: Router<some RequestContext>) {
        router.put("/api/preferences/{userId}", use: save)
        router.get("/api/preferences/{userId}", use: show)
    }

    /// `PUT /api/preferences/{userId}`: the user's choice, from `{"choice": …}`.
    @Sendable func save(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let userId = try PathParameter.text("userId", in: context)
        let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
        let choice = try Self.choice(in: buffer.readableBytesView)
        try await store.save(choice, forUser: userId)
        return JSONResponse.make(PreferenceChoiceWire(choice))
    }

    /// `GET /api/preferences/{userId}`: the user's choice, or 404.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let userId = try PathParameter.text("userId", in: context)
        guard let choice = try await store.choice(forUser: userId) else {
            throw RequestError(.notFound, "no preference is stored for user '\(userId)'")
        }
        return JSONResponse.make(PreferenceChoiceWire(choice))
    }

    /// The choice in a body such as `{"choice": "save", "username": "ada"}`.
    static func choice(in body: some Collection<UInt8>) throws -> PreferenceChoice {
        do {
            return try WireJSON.decode(
                PreferenceChoiceRequest.self, from: body, shape: PreferenceChoiceRequest.shape
            ).choice
        } catch {
            throw RequestError(refusal: error)
        }
    }
}
