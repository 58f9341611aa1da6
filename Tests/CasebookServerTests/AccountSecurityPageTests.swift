import Accounts
import AccountsBcrypt
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// A user's own password and tokens, in the browser: the password changed with the old one
/// (the other sessions end, this one goes on), tokens made (shown once), listed and revoked —
/// one's own only.
@Suite("Your password and tokens, in the browser")
struct AccountSecurityPageTests {
    let fixture: UsersFixture
    let users: Users

    init() async throws {
        fixture = try await UsersFixture(users: [("sam", .surveyor)])
        users = Users(
            store: fixture.people, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
        try await users.changePassword(of: "sam", to: "old password")
        try await users.add(name: "ada", role: .admin, password: "admin password")
    }

    func withPages(as user: String, _ body: @Sendable (inout PageClient) async throws -> Void)
        async throws
    {
        try await fixture.withPages(signedInAs: user, body)
    }

    @Test func aPasswordChangedWithTheOldOneEndsTheOtherSessionsOnly() async throws {
        let elsewhere = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "sam")
        try await withPages(as: "sam") { pages in
            let wrong = try await pages.post(
                "/account/password",
                ["current": "guess", "password": "new password", "again": "new password"])
            #expect(wrong.status == .badRequest)
            #expect(wrong.html.contains("That is not your current password."))
            let changed = try await pages.post(
                "/account/password",
                ["current": "old password", "password": "new password", "again": "new password"])
            #expect(changed.status == .ok)
            #expect(changed.html.contains("Your password is changed"))
            #expect(try await users.authenticate(name: "sam", password: "new password") != nil)
            #expect(try await users.authenticate(name: "sam", password: "old password") == nil)
            // This browser goes on; the other session ended.
            #expect(try await pages.get("/account/security").status == .ok)
            #expect(
                try await fixture.people.session(secretHash: APITokens.hash(elsewhere)) == nil)
        }
    }

    /// Where sam is signed in is listed with each browser; sam signs one out, then every other
    /// one, and this browser goes on. Another user's session is not sam's to end.
    @Test func theUserSeesAndEndsTheirOtherSessions() async throws {
        let sessions = Sessions(store: fixture.people, users: fixture.people)
        let phone = try await sessions.start(
            for: "sam",
            userAgent:
                "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"
        )
        let laptop = try await sessions.start(
            for: "sam", userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0")
        let adas = try await sessions.start(for: "ada", userAgent: "Safari")
        try await withPages(as: "sam") { pages in
            let page = try await pages.get("/account/security")
            #expect(page.html.contains("Chrome on Android"))
            #expect(page.html.contains("Firefox on Linux"))
            #expect(page.html.contains("(this browser)"))
            let phoneHandle = StoredSession(
                secretHash: APITokens.hash(phone),
                session: SignInSession(user: "sam", createdAt: Date(), expiresAt: Date())
            ).handle
            #expect(page.html.contains("value=\"\(phoneHandle)\""))
            let adasHandle = String(APITokens.hash(adas).prefix(16))
            let refused = try await pages.post("/account/sessions/end", ["session": adasHandle])
            #expect(refused.status == .notFound)
            #expect(try await sessions.user(forSecret: adas)?.name == "ada")
            let ended = try await pages.post("/account/sessions/end", ["session": phoneHandle])
            #expect(ended.html.contains("That session is signed out."))
            #expect(try await sessions.user(forSecret: phone) == nil)
            #expect(try await sessions.user(forSecret: laptop)?.name == "sam")
            let all = try await pages.post("/account/sessions/end-others", [:])
            #expect(all.html.contains("Signed out everywhere else: 1 session."))
            #expect(try await sessions.user(forSecret: laptop) == nil)
            #expect(try await pages.get("/account/security").status == .ok, "this one goes on")
            #expect(try await sessions.user(forSecret: adas)?.name == "ada")
        }
    }

    /// A second factor that is on is not replaced from a session alone: another app is set up
    /// only after it is turned off with the password.
    @Test func aSecondFactorOnIsNotReplacedWithoutThePassword() async throws {
        let totp = TOTP.random()
        let factors = SecondFactors(store: fixture.people)
        _ = try #require(
            try await factors.enable(user: "sam", secret: totp.base32, code: totp.code(at: Date())))
        try await withPages(as: "sam") { pages in
            let start = try await pages.post("/account/second-factor/start", [:])
            #expect(start.status == .conflict)
            #expect(start.html.contains("Your second factor is on already"))
            let theirs = TOTP.random()
            let replaced = try await pages.post(
                "/account/second-factor",
                ["secret": theirs.base32, "code": theirs.code(at: Date())])
            #expect(replaced.status == .conflict)
            let kept = try await fixture.people.secondFactor(user: "sam")
            #expect(kept?.secret == totp.base32)
        }
    }

    @Test func aTokenIsShownOnceListedAndRevoked() async throws {
        try await withPages(as: "sam") { pages in
            let made = try await pages.post(
                "/account/tokens", ["name": "field laptop", "expires": "90"])
            #expect(made.status == .ok)
            let secret = try #require(
                made.html.firstMatch(of: /value="(cbt_[0-9a-f]{8}_[A-Za-z0-9_-]+)"/)?.1)
            let tokens = APITokens(tokens: fixture.people, users: fixture.people)
            let token = try #require(try await tokens.authenticate(String(secret))?.token)
            #expect(token.label == "field laptop")
            #expect(token.user == "sam")
            let list = try await pages.get("/account/security")
            #expect(list.html.contains("<th scope=\"row\">field laptop</th>"))
            #expect(!list.html.contains(String(secret)), "shown once only")
            let revoked = try await pages.post("/account/tokens/revoke", ["id": token.id])
            #expect(revoked.html.contains("Token \(token.id) is revoked"))
            #expect(try await tokens.authenticate(String(secret)) == nil)
        }
    }

    @Test func anotherUsersTokenIsNotOnesToRevoke() async throws {
        let adas = try await APITokens(tokens: fixture.people, users: fixture.people).create(
            user: "ada", label: "ada's", expiresInDays: nil)
        try await withPages(as: "sam") { pages in
            let page = try await pages.get("/account/security")
            #expect(!page.html.contains(adas.token.id))
            let refused = try await pages.post("/account/tokens/revoke", ["id": adas.token.id])
            #expect(refused.status == .notFound)
            #expect(try await fixture.people.tokens(user: "ada").first?.revoked == false)
        }
    }

    @Test(arguments: [
        (["name": "", "expires": ""], "Name the token"),
        (["name": "x", "expires": "0"], "A token expires in 1 to 3,650 days"),
        (["name": "x", "expires": "soon"], "A token expires in 1 to 3,650 days"),
    ])
    func aTokenThatCannotBeIsRefusedSayingWhy(form: [String: String], said: String) async throws {
        try await withPages(as: "sam") { pages in
            let answer = try await pages.post("/account/tokens", form)
            #expect(answer.status == .badRequest)
            #expect(answer.html.contains(said))
            #expect(try await fixture.people.tokens(user: "sam").isEmpty)
        }
    }

    @Test func aNewPasswordWithANULIsTheFormAgain() async throws {
        try await withPages(as: "sam") { pages in
            let answer = try await pages.postEncoded(
                "/account/password",
                "current=old+password&password=new%00password&again=new%00password")
            #expect(answer.status == .badRequest)
            #expect(answer.html.contains("contains a NUL character"))
            #expect(try await users.authenticate(name: "sam", password: "old password") != nil)
        }
    }
}
