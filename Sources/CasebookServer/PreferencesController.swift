import Accounts
import Foundation
import Hummingbird
import NIOCore
import CasebookJSON

/// `PUT` and `GET /api/preferences/{userId}`: each user's "save password?" choice. A body that
/// carries a password is refused: the backend never takes one.
struct PreferencesController: Sendable {
    static let bodyLimit = 64 * 1024

    let store: any PreferenceChoiceStore

    func addRoutes(to router: Router<some RequestContext>) {
        router.put("/api/preferences/{userId}") { request, context in
            let userId = try PathParameter.text("userId", in: context)
            let buffer = try await RequestBody.collect(request, upTo: Self.bodyLimit)
            let choice = try Self.choice(in: buffer.readableBytesView)
            try await store.save(choice, forUser: userId)
            return JSONResponse.make(json: Self.json(choice))
        }
        router.get("/api/preferences/{userId}") { _, context in
            let userId = try PathParameter.text("userId", in: context)
            guard let choice = try await store.choice(forUser: userId) else {
                throw RequestError(.notFound, "no preference is stored for user '\(userId)'")
            }
            return JSONResponse.make(json: Self.json(choice))
        }
    }

    static func json(_ choice: PreferenceChoice) -> JSONValue {
        [
            "choice": .string(choice.choice.rawValue),
            "username": choice.username.map(JSONValue.string) ?? .null,
        ]
    }

    /// The choice in a body such as `{"choice": "save", "username": "ada"}`.
    static func choice(in body: some Collection<UInt8>) throws -> PreferenceChoice {
        guard case .object(let fields)? = try? JSONParser.parse(body) else {
            throw RequestError(.badRequest, "the body must be a JSON object with a choice")
        }
        if fields["password"] != nil {
            throw RequestError(.badRequest, "passwords are never sent to or stored by the server")
        }
        if let unknown = fields.keys.sorted().first(where: { $0 != "choice" && $0 != "username" }) {
            throw RequestError(
                .badRequest, "unknown field '\(unknown)' (expected choice and username)")
        }
        let choices = PreferenceChoice.Choice.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let text)? = fields["choice"],
            let choice = PreferenceChoice.Choice(rawValue: text)
        else { throw RequestError(.badRequest, "choice must be one of \(choices)") }
        switch (choice, fields["username"]) {
        case (.save, .string(let username)?)
        where !username.trimmingCharacters(in: .whitespaces).isEmpty:
            return PreferenceChoice(choice: .save, username: username)
        case (.save, _):
            throw RequestError(.badRequest, "choice 'save' needs a username")
        case (_, nil), (_, .null?):
            return PreferenceChoice(choice: choice, username: nil)
        default:
            throw RequestError(.badRequest, "only choice 'save' has a username")
        }
    }
}
