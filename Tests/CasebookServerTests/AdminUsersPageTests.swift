import Accounts
import AccountsBcrypt
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// The team run from the browser: an admin lists the users, adds one, changes a role and
/// removes one (after being asked); each change takes effect at once, and the last admin is
/// neither removed nor demoted. Nobody else may.
@Suite("The users, for admins, in the browser")
struct AdminUsersPageTests {
    let fixture: UsersFixture

    init() async throws {
        fixture = try await UsersFixture(users: [("ada", .admin), ("sam", .surveyor)])
    }

    func withPages(as user: String, _ body: @Sendable (inout PageClient) async throws -> Void)
        async throws
    {
        try await fixture.withPages(signedInAs: user, body)
    }

    @Test func anAdminAddsAUserWhoCanSignInAtOnce() async throws {
        try await withPages(as: "ada") { pages in
            let list = try await pages.get("/admin/users")
            #expect(list.status == .ok)
            #expect(list.html.contains("<th scope=\"row\">ada (you)</th>"))
            #expect(list.html.contains("<th scope=\"row\">sam</th>"))
            let added = try await pages.post(
                "/admin/users",
                ["name": "mia", "role": "manager", "password": "pizza oven", "again": "pizza oven"])
            #expect(added.status == .ok)
            #expect(added.html.contains("Added mia (manager): they can sign in now."))
            let mia = try #require(try await fixture.people.user(named: "mia"))
            #expect(mia.role == .manager)
            let users = Users(
                store: fixture.people,
                hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
            #expect(try await users.authenticate(name: "mia", password: "pizza oven") != nil)
        }
    }

    @Test(arguments: [
        (
            ["name": "Mia", "role": "manager", "password": "pizza oven", "again": "pizza oven"],
            "&#39;Mia&#39; is not one"
        ),
        (
            ["name": "mia", "role": "manager", "password": "short", "again": "short"],
            "A password is 8 to 72 bytes long."
        ),
        (
            ["name": "mia", "role": "manager", "password": "pizza oven", "again": "pizza over"],
            "The two passwords differ"
        ),
        (
            ["name": "sam", "role": "manager", "password": "pizza oven", "again": "pizza oven"],
            "There is already a user named &#39;sam&#39;."
        ),
    ])
    func aUserThatCannotBeAddedIsTheFormAgainSayingWhy(form: [String: String], said: String)
        async throws
    {
        try await withPages(as: "ada") { pages in
            let answer = try await pages.post("/admin/users", form)
            #expect(answer.status == .badRequest)
            #expect(answer.html.contains(said), "\(answer.html)")
            #expect(try await fixture.people.count() == 2)
        }
    }

    @Test func aRoleChangeEndsTheUsersSessions() async throws {
        let sams = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "sam")
        try await withPages(as: "ada") { pages in
            let changed = try await pages.post(
                "/admin/users/role", ["name": "sam", "role": "manager"])
            #expect(changed.status == .ok)
            #expect(changed.html.contains("sam is manager now"))
            #expect(try await fixture.people.user(named: "sam")?.role == .manager)
            #expect(try await fixture.people.session(secretHash: APITokens.hash(sams)) == nil)
        }
    }

    @Test func aRemovalAsksFirstThenTakesTheUserAway() async throws {
        try await withPages(as: "ada") { pages in
            let asked = try await pages.post("/admin/users/remove", ["name": "sam"])
            #expect(asked.status == .ok)
            #expect(asked.html.contains("sam (surveyor) will no longer be able to sign in"))
            #expect(try await fixture.people.user(named: "sam") != nil)
            let removed = try await pages.post(
                "/admin/users/remove", ["name": "sam", "confirm": "yes"])
            #expect(removed.html.contains("Removed sam"))
            #expect(try await fixture.people.user(named: "sam") == nil)
        }
    }

    @Test func theLastAdminIsNeitherRemovedNorDemoted() async throws {
        try await withPages(as: "ada") { pages in
            let list = try await pages.get("/admin/users")
            #expect(list.html.contains("the last admin"))
            let demoted = try await pages.post(
                "/admin/users/role", ["name": "ada", "role": "diarist"])
            #expect(demoted.status == .conflict)
            #expect(demoted.html.contains("You are the last admin"))
            let removed = try await pages.post(
                "/admin/users/remove", ["name": "ada", "confirm": "yes"])
            #expect(removed.status == .conflict)
            #expect(try await fixture.people.user(named: "ada")?.role == .admin)
        }
    }

    /// An admin disables sam: sam's sessions end and tokens are refused, the list says so;
    /// enabled again, sam's tokens work. The last enabled admin is not disabled.
    @Test func anAdminDisablesAUserAndEnablesThemAgain() async throws {
        let sams = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "sam")
        let tokens = APITokens(tokens: fixture.people, users: fixture.people)
        let (_, secret) = try await tokens.create(user: "sam", label: nil, expiresInDays: nil)
        try await withPages(as: "ada") { pages in
            let disabled = try await pages.post("/admin/users/disable", ["name": "sam"])
            #expect(disabled.status == .ok)
            #expect(disabled.html.contains("sam is disabled: their sessions ended"))
            #expect(disabled.html.contains("<span class=\"badge\">disabled</span>"))
            #expect(disabled.html.contains("1 user can sign in; 1 is disabled"))
            #expect(disabled.html.contains("action=\"/admin/users/enable\""))
            #expect(
                try await Sessions(store: fixture.people, users: fixture.people).user(
                    forSecret: sams) == nil)
            #expect(try await tokens.authenticate(secret) == nil)
            let last = try await pages.post("/admin/users/disable", ["name": "ada"])
            #expect(last.status == .conflict)
            #expect(last.html.contains("You are the last admin"))
            #expect(try await fixture.people.user(named: "ada")?.disabled == false)
            let enabled = try await pages.post("/admin/users/enable", ["name": "sam"])
            #expect(enabled.html.contains("sam is enabled"))
            #expect(try await tokens.authenticate(secret)?.user.name == "sam")
            let events = try await fixture.people.entries(limit: 10, before: nil).map(\.event)
            #expect(events.map(\.action).prefix(2) == [.userEnabled, .userDisabled])
            #expect(events.first?.actor == "ada" && events.first?.subject == "sam")
        }
    }

    /// An admin makes a reset link for sam and gives it; whoever opens it sets sam's password
    /// once (a refused one leaves the link), sam's sessions end, and the link is spent.
    @Test func aResetLinkSetsAUsersPasswordOnce() async throws {
        let sams = try await Sessions(store: fixture.people, users: fixture.people).start(
            for: "sam")
        try await withPages(as: "ada") { pages in
            let made = try await pages.post("/admin/users/reset-link", ["name": "sam"])
            #expect(made.status == .ok)
            #expect(made.html.contains("A link for sam to set a new password"))
            let path = try #require(
                made.html.firstMatch(
                    of: /value="https?:\/\/[^\/"]+(\/password-reset\/[A-Za-z0-9_-]{43})"/)?
                    .1)
            pages.setCookie(SignInPages.sessionCookie, "")
            let form = try await pages.get(String(path))
            #expect(form.status == .ok)
            #expect(form.html.contains("Set a new password for <strong>sam</strong>"))
            let differ = try await pages.post(
                String(path), ["password": "a new password", "again": "a new passwort"])
            #expect(differ.status == .badRequest)
            #expect(differ.html.contains("The two passwords differ"))
            let set = try await pages.post(
                String(path), ["password": "a new password", "again": "a new password"])
            #expect(set.status == .ok)
            #expect(set.html.contains("Your password is set, sam"))
            let users = Users(
                store: fixture.people,
                hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
            #expect(try await users.authenticate(name: "sam", password: "a new password") != nil)
            #expect(
                try await Sessions(store: fixture.people, users: fixture.people).user(
                    forSecret: sams) == nil)
            let spent = try await pages.get(String(path))
            #expect(spent.status == .notFound)
            #expect(spent.html.contains("This link does not work"))
            let guessed = try await pages.get(
                "/password-reset/" + String(repeating: "a", count: 43))
            #expect(guessed.status == .notFound)
            let events = try await fixture.people.entries(limit: 10, before: nil).map(\.event)
            #expect(events.map(\.action).prefix(2) == [.passwordChanged, .resetLinkMade])
            #expect(!events.contains { ($0.detail ?? "").contains(path.dropFirst(16)) })
        }
    }

    @Test func nobodyButAnAdminMayManageUsers() async throws {
        try await withPages(as: "sam") { pages in
            let refused = try await pages.get("/admin/users")
            #expect(refused.status == .forbidden)
            // The refusal is shown to sam as sam: still signed in, with their own pages.
            #expect(refused.html.contains("Signed in as <strong>sam</strong> (surveyor)"))
            #expect(refused.html.contains("href=\"/survey\""))
            #expect(!refused.html.contains("href=\"/login\""))
            let added = try await pages.post(
                "/admin/users",
                ["name": "eve", "role": "admin", "password": "pizza oven", "again": "pizza oven"])
            #expect(added.status == .forbidden)
            #expect(try await fixture.people.user(named: "eve") == nil)
        }
    }

    /// The only user, an admin, does not remove themselves: a server without users is open to
    /// whoever reaches it.
    @Test func theOnlyUserIsNotRemoved() async throws {
        try await fixture.people.remove(named: "sam")
        try await withPages(as: "ada") { pages in
            let removed = try await pages.post(
                "/admin/users/remove", ["name": "ada", "confirm": "yes"])
            #expect(removed.status == .conflict)
            #expect(try await fixture.people.count() == 1)
        }
    }
}
