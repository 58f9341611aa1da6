import Accounts
import AccountsBcrypt
import CasebookTestSupport
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// Web sign-in once the server has users: the pages send the anonymous to /login, a correct
/// name and password start a new session (HttpOnly, SameSite=Lax), the name is offered again
/// next time, sign-out ends the session, and guessing is slowed down — with one answer for an
/// unknown name and a wrong password.
@Suite("Signing in to the pages", .serialized)
struct SignInTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores
    let people = InMemoryUserDirectory()

    init() async throws {
        directory = try TemporaryDirectory()
        var stores = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        stores.users = people
        self.stores = stores
        let users = Users(
            store: people, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
        try await users.add(name: "dee", role: .diarist, password: "correct horse")
        try await users.add(name: "sam", role: .surveyor, password: "field work!")
    }

    func withPages(
        secureCookies: Bool = false,
        _ body: @escaping @Sendable (inout PageClient) async throws -> Void
    )
        async throws
    {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.secureCookies = secureCookies
        configuration.userCheckInterval = .zero
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            try await body(&pages)
        }
    }

    /// A sign-in that names no page leads each role to its work, never to the account page's
    /// age calculator: a surveyor to the survey, a manager to the menu's editing.
    @Test func aSignInWithoutAPageLeadsEachRoleToItsWork() async throws {
        let users = Users(
            store: people, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
        try await users.add(name: "mia", role: .manager, password: "pizza oven")
        try await withPages { pages in
            let sam = try await pages.post(
                "/login", ["username": "sam", "password": "field work!"])
            #expect(sam.location == "/account?prompt&next=%2Fsurvey")
            let mia = try await pages.post("/login", ["username": "mia", "password": "pizza oven"])
            #expect(mia.location == "/account?prompt&next=%2Fmenu%2Fedit")
        }
        #expect(SignInPages.workPage(of: .admin) == "/")
        #expect(SignInPages.workPage(of: .diarist) == "/diary")
    }

    @Test func anAnonymousVisitorIsSentToSignInAndBackAfterwards() async throws {
        try await withPages { pages in
            let diary = try await pages.get("/diary")
            #expect(diary.status == .seeOther)
            #expect(diary.location == "/login?next=%2Fdiary")
            let form = try await pages.get("/login?next=%2Fdiary")
            #expect(form.html.contains(#"name="next" value="/diary""#))
            let signedIn = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse", "next": "/diary"])
            #expect(signedIn.status == .seeOther)
            // First, as in the case study, "Save password?"; the answer goes on to /diary.
            #expect(signedIn.location == "/account?prompt&next=%2Fdiary")
            let session = try #require(
                signedIn.setCookies.first { $0.hasPrefix("casebook_session=") })
            #expect(session.contains("HttpOnly"))
            #expect(session.contains("SameSite=Lax"))
            #expect(try await pages.get("/diary").status == .ok)
            #expect(try await pages.get("/survey").status == .forbidden, "a diarist's role")
            let again = try await pages.get("/login")
            #expect(again.html.contains("Signed in as <strong>dee</strong>"))
        }
    }

    /// After a sign-in the app asks "Save password?" (Not now / Never / Save), as the case
    /// study's does after a login; the answer is the user's own, kept through StorageController
    /// in their own sealed vault, and once it is Never or Save the question is not asked again.
    @Test func afterSigningInTheSavePasswordQuestionIsAskedUntilAnswered() async throws {
        try await withPages { pages in
            _ = try await pages.post("/login", ["username": "dee", "password": "correct horse"])
            let prompt = try await pages.get("/account?prompt&next=%2Fdiary")
            #expect(prompt.html.contains("Signed in as dee. Save the password for next time?"))
            #expect(prompt.html.contains(#"name="next" value="/diary""#))
            #expect(prompt.html.contains(#"value="dee""#))
            let notNow = try await pages.post(
                "/account/preference", ["choice": "not-now", "next": "/diary"])
            #expect(notNow.location == "/diary")
            // And the diary says nothing of it: "saved" there would be about something else.
            #expect(!notNow.setCookies.contains { $0.hasPrefix("casebook_notice=") })
            let again = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            // Without a page named, a diarist goes to the diary.
            #expect(again.location == "/account?prompt&next=%2Fdiary", "Not now asks again")
            let saved = try await pages.post(
                "/account/preference",
                ["choice": "save", "username": "dee", "password": "correct horse", "next": "/"])
            #expect(saved.location == "/")
            let account = try await pages.get("/account")
            #expect(account.html.contains("Current choice: Save (username dee)"))
            #expect(!account.html.contains("correct horse"))
            let third = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            #expect(third.location == "/diary", "Save is not asked again")
            let vault = directory.url.appendingPathComponent("preferences/dee")
            #expect(FileManager.default.fileExists(atPath: vault.path))
        }
        // Another user's answer is theirs alone.
        try await withPages { pages in
            _ = try await pages.post("/login", ["username": "sam", "password": "field work!"])
            #expect(try await pages.get("/account").html.contains("Current choice: none yet"))
        }
    }

    /// A disabled user who types their right password is told they are disabled, and no
    /// session starts; a wrong password gets the answer anyone gets. Enabled, they sign in.
    @Test func aDisabledUserIsToldSoOnlyWithTheirRightPassword() async throws {
        try await people.setDisabled(true, forUser: "dee")
        try await withPages { pages in
            let wrong = try await pages.post(
                "/login", ["username": "dee", "password": "wrong horse"])
            #expect(wrong.status == .unauthorized)
            #expect(!wrong.html.contains("disabled"))
            let right = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            #expect(right.status == .forbidden)
            #expect(right.html.contains("Your account is disabled: ask an admin to enable it."))
            #expect(pages.cookies["casebook_session"] == nil)
            try await people.setDisabled(false, forUser: "dee")
            let enabled = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            #expect(enabled.status == .seeOther || enabled.status == .found)
            #expect(pages.cookies["casebook_session"] != nil)
        }
    }

    /// With a second factor on, the right password leads to the code page and no session;
    /// a wrong code is refused, the app's next code signs in, and a used one does not again.
    @Test func aSecondFactorAsksForTheAppsCodeAfterThePassword() async throws {
        let totp = TOTP.random()
        let factors = SecondFactors(store: people)
        _ = try #require(
            try await factors.enable(user: "dee", secret: totp.base32, code: totp.code(at: Date())))
        try await withPages { pages in
            let password = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            #expect(password.status == .ok)
            #expect(password.html.contains("The 6-digit code your authenticator app shows"))
            #expect(pages.cookies["casebook_session"] == nil)
            let challenge = try #require(
                password.html.firstMatch(of: /name="challenge" value="([^"]+)"/)?.1)
            let wrong = try await pages.post(
                "/login/code", ["challenge": String(challenge), "code": "000000x"])
            #expect(wrong.status == .unauthorized)
            #expect(pages.cookies["casebook_session"] == nil)
            let forged = try await pages.post(
                "/login/code", ["challenge": String(challenge) + "0", "code": "123456"])
            #expect(forged.html.contains("Sign in again"))
            let next = totp.code(step: TOTP.step(at: Date()) + 1)
            let right = try await pages.post(
                "/login/code", ["challenge": String(challenge), "code": next])
            #expect(right.status == .seeOther || right.status == .found)
            #expect(pages.cookies["casebook_session"] != nil)
            let replayed = try await pages.post(
                "/login/code", ["challenge": String(challenge), "code": next])
            #expect(replayed.status == .unauthorized)
        }
    }

    @Test func anUnknownNameAndAWrongPasswordGetTheSameAnswer() async throws {
        try await withPages { pages in
            let wrong = try await pages.post(
                "/login", ["username": "dee", "password": "wrong horse"])
            let unknown = try await pages.post(
                "/login", ["username": "nobody", "password": "wrong horse"])
            #expect(wrong.status == .unauthorized)
            #expect(unknown.status == .unauthorized)
            let message = "That name and password do not match."
            #expect(wrong.html.contains(message) && unknown.html.contains(message))
            #expect(pages.cookies["casebook_session"] == nil)
        }
    }

    @Test func theLastNameIsOfferedAgainAndSignOutEndsTheSession() async throws {
        try await withPages { pages in
            _ = try await pages.post("/login", ["username": "sam", "password": "field work!"])
            let secret = try #require(pages.cookies["casebook_session"])
            let out = try await pages.post("/logout", [:])
            #expect(out.status == .seeOther)
            #expect(pages.cookies["casebook_session"] == nil)
            #expect(try await people.session(secretHash: APITokens.hash(secret)) == nil)
            let form = try await pages.get("/login")
            #expect(
                form.html.contains(
                    #"id="username" name="username" autocomplete="username" value="sam""#))
            #expect(try await pages.get("/survey").status == .seeOther)
        }
    }

    /// Over HTTPS (`--tls-cert`, or `--secure-cookies` behind a proxy) every cookie the pages
    /// set is Secure: the session, the CSRF token, the remembered name and the notices, none
    /// sent back over plain HTTP.
    @Test func overHTTPSEveryCookieIsSecure() async throws {
        try await withPages(secureCookies: true) { pages in
            let form = try await pages.get("/login")
            let signedIn = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            #expect(signedIn.status == .seeOther)
            let added = try await pages.post("/diary", ["text": "Over HTTPS."])
            let listed = try await pages.get("/diary")
            let set = form.setCookies + signedIn.setCookies + added.setCookies + listed.setCookies
            #expect(set.filter { $0.hasPrefix("casebook_notice=") }.count == 2)
            for cookie in set.filter({ $0.hasPrefix("casebook_notice=") }) {
                #expect(cookie.contains("; Secure"), "\(cookie)")
            }
            for name in ["casebook_csrf", "casebook_session", "casebook_last_user"] {
                let cookie = try #require(set.first { $0.hasPrefix(name + "=") }, "\(name)")
                #expect(cookie.contains("; Secure"), "\(cookie)")
            }
        }
    }

    /// The diary's list (kept rendered per revision) shows the role the user has now: one
    /// given another role sees, at their next sign-in, their new role and its navigation.
    @Test func theDiaryListShowsTheRoleAUserHasNow() async throws {
        let people = people
        try await withPages { pages in
            _ = try await pages.post("/login", ["username": "dee", "password": "correct horse"])
            let before = try await pages.get("/diary")
            #expect(before.html.contains("Signed in as <strong>dee</strong> (diarist)"))
            try await people.setRole(.admin, forUser: "dee")
            _ = try await pages.post("/login", ["username": "dee", "password": "correct horse"])
            let after = try await pages.get("/diary")
            #expect(after.html.contains("Signed in as <strong>dee</strong> (admin)"))
            #expect(after.html.contains(#"href="/documents""#))
        }
    }

    @Test func aSessionFromBeforeSignInIsWorthNothingAfterIt() async throws {
        try await withPages { pages in
            _ = try await pages.post("/login", ["username": "dee", "password": "correct horse"])
            let first = try #require(pages.cookies["casebook_session"])
            _ = try await pages.post("/login", ["username": "dee", "password": "correct horse"])
            let second = try #require(pages.cookies["casebook_session"])
            #expect(first != second)
            #expect(try await people.session(secretHash: APITokens.hash(first)) == nil)
        }
    }

    /// Two people signed in from two browsers each have a diary of their own.
    @Test func eachSignedInUserHasTheirOwnDiary() async throws {
        try await Users(
            store: people, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost)
        )
        .add(name: "dan", role: .diarist, password: "other horse")
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var dee = PageClient(client)
            var dan = PageClient(client)
            _ = try await dee.post("/login", ["username": "dee", "password": "correct horse"])
            _ = try await dan.post("/login", ["username": "dan", "password": "other horse"])
            #expect(try await dee.post("/diary", ["text": "Only for dee"]).status == .seeOther)
            #expect(try await dee.get("/diary").html.contains("Only for dee"))
            #expect(!(try await dan.get("/diary").html.contains("Only for dee")))
            let page = try await dee.get("/diary").html
            let path = try #require(
                page.firstMatch(of: /href="(\/diary\/[0-9a-f-]{36})"/).map { String($0.1) })
            #expect(try await dan.get(path).status == .notFound)
            #expect(try await dan.post(path + "/delete", [:]).status == .notFound)
            #expect(try await dee.get(path).status == .ok)
            // A photo of dee's entry is hers alone, however its id is known.
            let phone = Array(
                try Data(
                    contentsOf: URL(filePath: #filePath).deletingLastPathComponent()
                        .deletingLastPathComponent().appending(path: "MenuTests/Photos/phone.jpg")))
            let added = try await dee.postFiles(
                path + "/photos", ["alt": "dee's"],
                binaryFiles: [(field: "photo", filename: "a.jpg", contents: phone)])
            #expect(added.status == .seeOther)
            let photo = try #require(
                try await dee.get(path).html.firstMatch(of: /\/diary\/photos\/([0-9a-f]{64})-small/)
                    .map { String($0.1) })
            #expect(try await dee.get("/diary/photos/\(photo).jpg").status == .ok)
            #expect(try await dan.get("/diary/photos/\(photo).jpg").status == .notFound)
            #expect(
                try await dan.post("\(path)/photos/\(photo)/remove", [:]).status == .notFound)
            #expect(try await dee.get("/diary/photos/\(photo).jpg").status == .ok)
        }
    }

    /// A session past its expiry, or one whose user is gone, is no session: back to /login.
    @Test func anExpiredSessionOrOneWhoseUserIsGoneSignsNobodyIn() async throws {
        let expired = "expired-session-secret-0123456789abcdefghijk"
        try await people.add(
            SignInSession(
                user: "dee", createdAt: Date().addingTimeInterval(-13 * 3600),
                expiresAt: Date().addingTimeInterval(-3600)),
            secretHash: APITokens.hash(expired))
        try await withPages { pages in
            _ = try await pages.post("/login", ["username": "sam", "password": "field work!"])
            let samsSession = try #require(pages.cookies["casebook_session"])
            try await people.remove(named: "sam")
            #expect(try await pages.get("/survey").status == .seeOther, "sam is gone")
            var stale = PageClient(pages.client)
            _ = try await stale.get("/login")
            stale.setCookie("casebook_session", expired)
            #expect(try await stale.get("/diary").status == .seeOther)
            #expect(samsSession != expired)
        }
    }

    /// On SQLite each user's diary is a file of its own, and its list page (cached per
    /// revision, re-read when the data directory changes) shows every change at once.
    @Test func aUsersOwnDiaryFileShowsEachChangeAtOnce() async throws {
        let folder = try TemporaryDirectory()
        let sqlite = try CasebookServer.Stores.open(in: folder.url)
        let users = try #require(sqlite.users)
        try await Users(store: users, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
            .add(name: "dee", role: .diarist, password: "correct horse")
        var configuration = CasebookServer.Configuration(dataDirectory: folder.url)
        configuration.userCheckInterval = .zero
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: sqlite, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var dee = PageClient(client)
            _ = try await dee.post("/login", ["username": "dee", "password": "correct horse"])
            for number in 1...3 {
                _ = try await dee.get("/diary")
                _ = try await dee.post("/diary", ["text": "Entry \(number)"])
                #expect(try await dee.get("/diary").html.contains("Entry \(number)"))
            }
        }
        #expect(FileManager.default.fileExists(atPath: folder.appending("diary-dee.sqlite").path))
    }

    /// A user's diary encrypted with `casebook diary encrypt` is one the server cannot open:
    /// the diary's pages say so (423), and no new plain diary is made in its place.
    @Test func anEncryptedDiaryIsSaidToBeSoAndNotReplaced() async throws {
        let folder = try TemporaryDirectory()
        let sqlite = try CasebookServer.Stores.open(in: folder.url)
        let users = try #require(sqlite.users)
        try await Users(store: users, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
            .add(name: "dee", role: .diarist, password: "correct horse")
        let plain = folder.appending("diary-dee.sqlite").path
        _ = try DiaryEntries(store: try SQLiteDiaryStore(path: plain)).add(text: "Private")
        try SealedSQLiteDiary.encrypt(plainAt: plain, passphrase: "a passphrase", cost: .forTests)
        var configuration = CasebookServer.Configuration(dataDirectory: folder.url)
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: sqlite, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var dee = PageClient(client)
            _ = try await dee.post("/login", ["username": "dee", "password": "correct horse"])
            let page = try await dee.get("/diary")
            #expect(page.status.code == 423)
            #expect(page.html.contains("Your diary is encrypted and locked"))
            #expect(page.html.contains("id=\"unlock-diary\""))
        }
        #expect(!FileManager.default.fileExists(atPath: plain))
    }

    @Test func guessingIsSlowedDownPerName() async throws {
        try await withPages { pages in
            for _ in 0..<5 {
                _ = try await pages.post("/login", ["username": "dee", "password": "guess 1234"])
            }
            let blocked = try await pages.post(
                "/login", ["username": "dee", "password": "correct horse"])
            #expect(blocked.status == .tooManyRequests)
            #expect(
                blocked.html.contains(
                    "Too many failed sign-ins. Try again in 15 minutes."))
            let other = try await pages.post(
                "/login", ["username": "sam", "password": "field work!"])
            #expect(other.status == .seeOther, "another name is not blocked")
        }
    }

    @Test func signInGoesOnlyToThisSite() {
        #expect(SignInPages.safeNext("//evil.example/") == "/")
        #expect(SignInPages.safeNext("https://evil.example/") == "/")
        #expect(SignInPages.safeNext("/\\evil") == "/")
        #expect(SignInPages.safeNext("/diary?x=1") == "/diary?x=1")
        // A browser drops tabs and line breaks from a URL: "/\t/evil.example" is "//evil…".
        for hidden in [
            "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/ /evil.example",
            "/a//b", "/\u{0}x", "/\u{7F}x", "/\u{85}x", "/caf\u{E9}", "/\u{3000}/evil.example",
        ] {
            #expect(SignInPages.safeNext(hidden) == "/", "\(hidden.unicodeScalars.map(\.value))")
        }
    }
}
