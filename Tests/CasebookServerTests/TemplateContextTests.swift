import Accounts
import AccountsBcrypt
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import SurveySync
import Testing

@testable import CasebookServer

/// Every template rendered with its real context, through every state of every page: a name a
/// template uses that its context never gives (a typo, a key renamed on one side only) fails.
@Suite("Templates and their contexts")
struct TemplateContextTests {
    @Test func everyNameEveryTemplateUsesIsGivenByItsContext() async throws {
        let directory = try TemporaryDirectory()
        let stores = try CasebookServer.Stores.open(in: directory.url)
        let folder = directory.appending("Respondents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<105 {
            try "id: r\(number)\n".write(
                to: folder.appendingPathComponent("r\(number).yaml"), atomically: true,
                encoding: .utf8)
        }
        _ = try directory.file("doc.txt", contents: "A title\nbody")
        let audit = PageAudit()
        let router = try CasebookServer.router(
            stores: stores,
            configuration: .init(dataDirectory: directory.url),
            renderer: try PageRenderer(audit: audit))
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            for path in [
                "/", "/menu", "/diary", "/diary/new", "/factor", "/factor?n=12", "/factor?n=abc",
                "/account", "/account?born=1990-05-10", "/account?born=someday", "/documents",
                "/documents?path=doc.txt", "/documents?path=missing.txt", "/nowhere",
            ] {
                _ = try await pages.get(path)
            }
            _ = try await pages.post("/diary", ["text": "   "])
            _ = try await pages.post("/diary", ["text": "An entry"])
            _ = try await pages.get("/diary")
            let entry = try #require(try stores.diary.newestEntries(limit: 1, offset: 0).first)
            let entryPath = "/diary/\(entry.id.uuidString.lowercased())"
            _ = try await pages.get(entryPath)
            _ = try await pages.post(entryPath, ["text": "  ", "revision": "1"])
            _ = try await pages.post(entryPath, ["text": "Edited", "revision": "1"])
            _ = try await pages.post(entryPath, ["text": "Stale", "revision": "1"])
            _ = try await pages.post(entryPath + "/delete", [:])
            _ = try await pages.post(entryPath + "/delete", ["confirm": "yes"])
            _ = try await pages.get("/diary")
            _ = try await pages.get("/diary/trash")
            _ = try await pages.get("/diary/encryption")
            _ = try await pages.get("/diary?q=entry&tag=walk&from=2026-01-01&to=today")
            _ = try await pages.post("/account/preference", ["choice": "save"])
            _ = try await pages.post("/survey/verify", ["folder": "Respondents"])
            try "id: [\n".write(
                to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
            _ = try await pages.post("/survey/sync", ["folder": "Respondents"])
            _ = try await pages.post("/survey/verify", ["folder": "Respondents"])
            _ = try await pages.post("/survey/sync", ["folder": "Nowhere"])
            _ = try await pages.get("/survey?page=1")
            _ = try await pages.get("/menu/edit")
            _ = try await pages.post("/menu/edit", ["revision": "1", "price.pizzas.0": "7.90"])
            _ = try await pages.post("/menu/edit", ["revision": "1", "price.pizzas.0": "7.50"])
            _ = try await pages.post("/menu/edit", ["revision": "2", "price.pizzas.0": "x"])
            _ = try await pages.get("/menu/history")
            _ = try await pages.get("/menu/dish?section=pizzas&index=0")
            _ = try await pages.postEncoded(
                "/menu/dish", "revision=1&section=pizzas&name=&price=x&allergen=milk&label=vegan")
            _ = try await pages.post("/menu/edit", ["revision": "2", "currency": "x"])
            _ = try await pages.get("/menu/history?dish=Margherita")
            _ = try await pages.post("/menu/edit", ["revision": "2", "soldout.pizzas.0": "always"])
            _ = try await pages.get("/menu/restaurant")
            _ = try await pages.post("/menu/restaurant", ["revision": "3", "phone": "call us"])
            let current = try #require(try await stores.menu.current()).number
            _ = try await pages.post(
                "/menu/restaurant",
                [
                    "revision": String(current), "address": "Via Roma 12", "phone": "+39 06 1",
                    "map": "https://example.org/map", "time_zone": "Europe/Rome",
                    "cuisine": "Italian", "hours.monday": "00:00-24:00",
                    "exceptions": "2026-12-25 closed",
                ])
            _ = try await pages.post("/menu/restaurant", ["revision": String(current)])
            _ = try await pages.get("/menu")
            let sorted = try await pages.get("/survey?sort=id")
            if let next = sorted.html.firstMatch(
                of: /href="(\/survey\?sort=id&amp;sorted_after=[^"]+)">Next/)
            {
                _ = try await pages.get(String(next.1).replacingOccurrences(of: "&amp;", with: "&"))
            }
            _ = try await pages.get("/survey?column=name&column=age")
            _ = try await pages.get("/survey/respondents/r1")
            _ = try await pages.get("/survey/respondents/r1/versions/1")
            _ = try await pages.postEncoded("/survey/review", "id=r1&state=approved")
            _ = try await pages.get("/survey?state=approved")
            _ = try await pages.postEncoded("/survey/review", "id=ghost&state=approved")
            _ = try await pages.postFiles(
                "/survey/upload", [:],
                files: [(field: "files", filename: "u.yaml", contents: "id: u1\n")])
            _ = try await pages.get("/survey/form")
            _ = try await pages.postFile(
                "/survey/form", [:], file: "survey: 3\n", filename: "bad.yaml")
            _ = try await pages.postFile(
                "/survey/form", [:], file: SurveyFormFixture.household,
                filename: "household.yaml")
            _ = try await pages.postEncoded("/survey/form/check", "")
            _ = try await pages.get("/survey/form/versions/1")
            _ = try await pages.postFiles(
                "/survey/upload", [:],
                files: [(field: "files", filename: "u2.yaml", contents: "id: u2\nage: old\n")])
            _ = try await pages.get("/survey/respondents/u2")
            _ = try await pages.get("/survey/respondents/r1")
            _ = try await pages.get("/survey")
            _ = try await pages.get("/diary/import")
            let file =
                #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-00000000000a", "date": "2021-03-01T08:00:00.000Z", "text": "imported"}]}"#
            _ = try await pages.postFile("/diary/import", [:], file: file, filename: "d.json")
            _ = try await pages.postFile("/diary/import", [:], file: "{", filename: "d.json")
        }
        // The first admin's page, on a server with a user store and no user yet: here and from
        // elsewhere, refused and made.
        var empty = stores
        empty.users = InMemoryUserDirectory()
        let setupRouter = try CasebookServer.router(
            stores: empty, configuration: .init(dataDirectory: directory.url),
            renderer: try PageRenderer(audit: audit))
        try await Application(router: setupRouter).test(.router) { client in
            var pages = PageClient(client)
            let local: HTTPFields = [PeerAddress.header: "127.0.0.1"]
            _ = try await pages.get("/setup", headers: local)
            _ = try await pages.get("/setup", headers: [PeerAddress.header: "192.0.2.7"])
            _ = try await pages.postEncoded(
                "/setup", "name=x&password=short&again=short", extraHeaders: local)
        }
        // The sign-in page, on a server with users: signed out, refused, signed in.
        var withUsers = stores
        let people = InMemoryUserDirectory()
        try await Users(
            store: people, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost)
        )
        .add(name: "ada", role: .admin, password: "correct horse")
        withUsers.users = people
        let signInRouter = try CasebookServer.router(
            stores: withUsers, configuration: .init(dataDirectory: directory.url),
            renderer: try PageRenderer(audit: audit))
        try await Application(router: signInRouter).test(.router) { client in
            var pages = PageClient(client)
            _ = try await pages.get("/login")
            _ = try await pages.post("/login", ["username": "ada", "password": "wrong horse"])
            _ = try await pages.post("/login", ["username": "ada", "password": "correct horse"])
            _ = try await pages.get("/login")
            _ = try await pages.get("/admin/users")
            _ = try await pages.post(
                "/admin/users", ["name": "x", "role": "diarist", "password": "short"])
            _ = try await pages.post(
                "/admin/users",
                ["name": "sam", "role": "diarist", "password": "pizza oven", "again": "pizza oven"])
            _ = try await pages.post("/admin/users/remove", ["name": "sam"])
            _ = try await pages.get("/account")
            _ = try await pages.get("/account/security")
            _ = try await pages.get("/admin/audit")
            _ = try await pages.get("/admin/tokens")
            _ = try await pages.post("/admin/tokens", ["user": "ada", "name": "ci", "expires": ""])
            _ = try await pages.post("/admin/tokens", ["user": "nobody", "name": "x"])
            _ = try await pages.post("/account/tokens", ["name": "laptop", "expires": "30"])
            _ = try await pages.post("/account/tokens", ["name": ""])
            // A second factor set up, refused a wrong code, turned on, then asked for at sign-in.
            let enrolling = try await pages.post("/account/second-factor/start", [:])
            let key = try #require(
                enrolling.html.firstMatch(of: /name="secret" value="([A-Z2-7]+)"/)?.1)
            _ = try await pages.post(
                "/account/second-factor", ["secret": String(key), "code": "12345x"])
            let totp = TOTP(secret: try #require(Base32.decode(String(key))))
            _ = try await pages.post(
                "/account/second-factor", ["secret": String(key), "code": totp.code(at: Date())])
            _ = try await pages.get("/account/security")
            _ = try await pages.post("/logout", [:])
            let code = try await pages.post(
                "/login", ["username": "ada", "password": "correct horse"])
            let challenge = try #require(
                code.html.firstMatch(of: /name="challenge" value="([^"]+)"/)?.1)
            _ = try await pages.post("/login/code", ["challenge": String(challenge), "code": "1"])
            _ = try await pages.post(
                "/login/code",
                [
                    "challenge": String(challenge),
                    "code": totp.code(step: TOTP.step(at: Date()) + 1),
                ])
            _ = try await pages.post("/account/second-factor/off", ["current": "wrong horse"])
            _ = try await pages.post("/account/second-factor/off", ["current": "correct horse"])
            let link = try await pages.post("/admin/users/reset-link", ["name": "ada"])
            let path = try #require(
                link.html.firstMatch(of: /(\/password-reset\/[A-Za-z0-9_-]{43})/)?.1)
            _ = try await pages.get(String(path))
            _ = try await pages.post(String(path), ["password": "short", "again": "short"])
            _ = try await pages.post(
                String(path), ["password": "correct horse", "again": "correct horse"])
            _ = try await pages.get(String(path))
        }
        let checker = TemplateNames(templates: PageTemplates.templates)
        var missing: [String] = []
        var used: [String: Set<String>] = [:]
        var given: [String: Set<String>] = [:]
        for (template, context) in audit.renders {
            let findings = checker.check(template, context: context)
            missing += findings.missingVariables.map { "\(template): {{\($0)}}" }
            used[template, default: []].formUnion(findings.sectionsUsed)
            given[template, default: []].formUnion(findings.sectionsGiven)
        }
        for (template, sections) in used {
            missing += sections.subtracting(given[template] ?? []).map { "\(template): {{#\($0)}}" }
        }
        #expect(Set(missing).sorted() == [])
        let rendered = Set(audit.renders.map(\.template))
        // The partials are rendered inside the pages that include them.
        #expect(
            rendered
                == Set(PageTemplates.templates.keys).subtracting([
                    "head", "foot", "diary-entry-form",
                    // Only an encrypted diary in a data directory shows it: these stores are
                    // in memory. DiaryEncryptionPageTests renders it.
                    "diary-locked",
                ]))
    }
}

/// A wire type's fields are the template's names; a field the wire gives as null is false, so
/// that a `{{#field}}` section shows nothing for it.
@Suite("Wire types as template contexts")
struct WireContextTests {
    struct Wire: Encodable {
        let title: String
        let note: String?
        let items: [Item]
        struct Item: Encodable {
            let note: String?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(["note": note])
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(note, forKey: .note)
            try container.encode(items, forKey: .items)
        }
        enum CodingKeys: CodingKey { case title, note, items }
    }

    @Test func aNullFieldIsFalseAtEveryDepth() {
        let context = WireContext.dictionary(
            of: Wire(title: "Pizzas", note: nil, items: [.init(note: nil), .init(note: "hot")]))
        #expect(context["title"] as? String == "Pizzas")
        #expect(context["note"] as? Bool == false)
        let items = context["items"] as? [[String: Any]]
        #expect(items?[0]["note"] as? Bool == false)
        #expect(items?[1]["note"] as? String == "hot")
    }
}
