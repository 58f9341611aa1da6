import Accounts
import CasebookServer
import Diary
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing

/// Data damaged on disk is a problem someone can act on: the page or the JSON says what is
/// damaged (503), never a bare 500, and never the server's paths.
@Suite("Damaged data", .serialized)
struct DamagedDataTests {
    let fixture: RouteFixture

    init() throws { fixture = try RouteFixture() }

    @Test func aDamagedPreferenceKeyIsExplainedNotA500() async throws {
        try Data("not a key".utf8).write(to: fixture.directory.appending("preference.key"))
        try await fixture.withPages { pages in
            let page = try await pages.post("/account/preference", ["choice": "never"])
            #expect(page.status == .serviceUnavailable)
            #expect(page.html.contains("preference.key"))
            #expect(page.html.contains("remove it"))
            #expect(!page.html.contains(fixture.directory.url.path))
        }
    }

    @Test func aDamagedDiaryRowIsA503NamingIt() async throws {
        let database = try DatabaseQueue(path: fixture.directory.appending("diary.sqlite").path)
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO entry (id, date, text) VALUES ('not-a-uuid', 0, 'x')")
        }
        try await fixture.test { client in
            try await client.execute(uri: "/api/diary", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "the diary store holds a damaged row ('not-a-uuid'): its id is not a UUID"
                )
            }
        }
        try await fixture.withPages { pages in
            let page = try await pages.get("/diary")
            #expect(page.status == .serviceUnavailable)
            #expect(page.html.contains("damaged row"))
        }
    }

    /// A user's own diary file that is not a database (a backup cut short, copied in) is a 503
    /// naming the file, not a bare 500.
    @Test(arguments: [false, true])
    func aUsersDiaryFileThatIsNotADatabaseIsA503NamingIt(isLink: Bool) async throws {
        let users = try await UsersFixture(users: [("ada", .diarist)])
        let file = users.directory.appending("diary-ada.sqlite")
        if isLink {
            try FileManager.default.createSymbolicLink(
                atPath: file.path, withDestinationPath: users.directory.appending("elsewhere").path)
        } else {
            try Data(repeating: 0x41, count: 50_000).write(to: file)
        }
        var stores = users.stores
        stores.diaryOfUser = { _ in try SQLiteDiaryStore(path: file.path) }
        var configuration = CasebookServer.Configuration(dataDirectory: users.directory.url)
        configuration.userCheckInterval = .zero
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let secret = try await APITokens(tokens: users.people, users: users.people)
            .create(user: "ada", label: nil, expiresInDays: nil).secret
        try await Application(router: router).test(.router) { client in
            try await client.execute(
                uri: "/api/diary", method: .get, headers: [.authorization: "Bearer \(secret)"]
            ) { response in
                #expect(response.status == .serviceUnavailable)
                let message = try #require(RouteFixture.errorMessage(response.body))
                #expect(
                    message.hasPrefix(
                        "the diary file diary-ada.sqlite in the data directory cannot be opened: "),
                    "\(message)")
                #expect(!message.contains(users.directory.url.path))
            }
        }
    }

    /// The stylesheet and the script are served whatever the user store's state: a 503 page
    /// (the store out of reach) still has its style.
    @Test func theAssetsAreServedWhenTheUserStoreCannotBeUsed() async throws {
        let database = try DatabaseQueue(path: fixture.directory.appending("users.sqlite").path)
        try await database.write { db in try db.execute(sql: "DROP TABLE user") }
        try await fixture.test { client in
            for path in ["/style.css", "/app.js"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                }
            }
            try await client.execute(uri: "/diary", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
            }
        }
    }

    @Test func aDatabaseChangedUnderTheServerIsA503() async throws {
        let database = try DatabaseQueue(
            path: fixture.directory.appending("respondents.sqlite").path)
        try await database.write { db in try db.execute(sql: "DROP TABLE respondent") }
        try await fixture.test { client in
            try await client.execute(uri: "/api/respondents", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let message = try #require(RouteFixture.errorMessage(response.body))
                #expect(
                    message
                        == "the respondents store cannot be used right now: no such table: respondent"
                )
                #expect(!message.contains(fixture.directory.url.path))
            }
        }
    }
}
