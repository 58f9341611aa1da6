import Accounts
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// Every user's tokens, for admins: listed with their user, made for any user (shown once),
/// revoked at once; nobody else may.
@Suite("Every user's tokens, for admins, in the browser")
struct AdminTokensPageTests {
    let fixture: UsersFixture

    init() async throws {
        fixture = try await UsersFixture(users: [("ada", .admin), ("sam", .surveyor)])
    }

    func withPages(as user: String, _ body: @Sendable (inout PageClient) async throws -> Void)
        async throws
    {
        try await fixture.withPages(signedInAs: user, body)
    }

    @Test func anAdminMakesListsAndRevokesAUsersToken() async throws {
        let tokens = APITokens(tokens: fixture.people, users: fixture.people)
        _ = try await tokens.create(user: "sam", label: "phone", expiresInDays: nil)
        try await withPages(as: "ada") { pages in
            let list = try await pages.get("/admin/tokens")
            #expect(list.status == .ok)
            #expect(list.html.contains("<th scope=\"row\">phone</th><td>sam</td>"))
            let made = try await pages.post(
                "/admin/tokens", ["user": "sam", "name": "field laptop", "expires": "30"])
            #expect(made.status == .ok)
            let secret = try #require(
                made.html.firstMatch(of: /value="(cbt_[0-9a-f]{8}_[A-Za-z0-9_-]+)"/)?.1)
            let token = try #require(try await tokens.authenticate(String(secret))?.token)
            #expect(token.user == "sam" && token.label == "field laptop")
            let revoked = try await pages.post("/admin/tokens/revoke", ["id": token.id])
            #expect(revoked.html.contains("Token \(token.id) is revoked"))
            #expect(try await tokens.authenticate(String(secret)) == nil)
            let nobody = try await pages.post(
                "/admin/tokens", ["user": "eve", "name": "x", "expires": ""])
            #expect(nobody.status == .badRequest)
            #expect(nobody.html.contains("&#39;eve&#39; is no user"))
        }
    }

    @Test func nobodyButAnAdminSeesEveryonesTokens() async throws {
        try await withPages(as: "sam") { pages in
            let status = try await pages.get("/admin/tokens").status
            #expect(status == .forbidden)
        }
    }
}
