import AccountsBcrypt
import AccountsCore
import CasebookServer
import CasebookTestSupport
import Diary
import Foundation
import GRDB
import Menu
import PostgresNIO
import PostgresTestSupport
import SurveySync
import Testing

import struct CasebookPostgres.DatabaseURL
import class CasebookPostgres.PostgresDatabase

/// The stores an earlier release wrote (`Fixtures/stores-VERSION`, made by
/// `scripts/make-store-fixtures` with that release's `casebook`), opened by today's code and
/// read back field by field: a migration that loses or alters what a user saved fails here.
@Suite("What earlier releases stored reads back whole")
struct StoreFixtureTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "Fixtures")

    /// The records `scripts/make-store-fixtures` writes; what differs between its runs (hashes,
    /// ids, the moments it ran at) is in `Written`.
    struct Written {
        var adasToken: (id: String, secretHash: String)
        var revokedTokenID: String
        var bobsTokenID: String
        var bobsSession: String
        /// The minute the fixture was written in: every "now" it stored falls inside it.
        var minute = DateInterval(
            start: Date(timeIntervalSince1970: 1_796_171_220), duration: 60)
    }

    static let sqlite = Written(
        adasToken: ("a61958e4", "439806e44a796ce97e0b9aeed8ac95f9b0c386901985aa81138657b1077af3a1"),
        revokedTokenID: "c4f9e770", bobsTokenID: "d65fa7fc",
        bobsSession: "b97c14e19ff68c5996c93b2373ffdf40366dd64f8eac82dbc1c7178ce1ce6f24")
    static let postgres = Written(
        adasToken: ("ec1c8599", "65567dab73eea32130a0e225588308470c249fae99dd79d5bd5d646230762ceb"),
        revokedTokenID: "ea4dfe69", bobsTokenID: "b8c8da27",
        bobsSession: "b961a84ec10d9f3251b4a07d7b144fdb0ea4001a96c480582b70993dfe46f420")

    @Test func aDataDirectoryFromRelease070ReadsBackWhole() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.appending(path: "data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let dumps = Self.fixtures.appending(path: "stores-0.7.0/sqlite")
        for name in try FileManager.default.contentsOfDirectory(atPath: dumps.path)
        where name.hasSuffix(".sql") {
            let dump = try String(contentsOf: dumps.appending(path: name), encoding: .utf8)
            let file = data.appending(path: name.dropLast(4) + ".sqlite")
            let queue = try DatabaseQueue(path: file.path)
            try queue.inDatabase { try $0.execute(sql: dump) }
        }
        let stores = try CasebookServer.Stores.open(in: data)
        try await Self.expectWhole(stores, Self.sqlite)
    }

    @Test func aPostgreSQLDatabaseFromRelease070ReadsBackWhole() async throws {
        let url = try await PostgresTesting.newDatabaseURL()
        let dump = try String(
            contentsOf: Self.fixtures.appending(path: "stores-0.7.0/postgres.sql"), encoding: .utf8)
        try await Self.load(dump, into: DatabaseURL(url))
        let database = try PostgresDatabase(url: DatabaseURL(url))
        let directory = try TemporaryDirectory()
        try await withThrowingTaskGroup(of: Void.self) { pool in
            pool.addTask { await database.run() }
            defer { pool.cancelAll() }
            try await database.prepare(CasebookServer.Stores.postgresSchemas)
            let stores = try CasebookServer.Stores.postgres(
                database, dataDirectory: directory.url.appending(path: "data"))
            try await Self.expectWhole(stores, Self.postgres)
        }
    }

    /// Runs `dump` (pg_dump's plain SQL, its functions' bodies included), statement by statement.
    static func load(_ dump: String, into url: DatabaseURL) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: url.host, port: url.port, username: url.user, password: url.password,
                database: url.database, tls: .disable),
            id: 1, logger: PostgresDatabase.quietLogger)
        do {
            for statement in SQLScript.statements(in: dump) {
                try await connection.query(
                    PostgresQuery(unsafeSQL: statement), logger: PostgresDatabase.quietLogger)
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    static func expectWhole(_ stores: CasebookServer.Stores, _ written: Written) async throws {
        try await expectUsers(try #require(stores.users), written)
        try await expectDiary(stores.diary)
        try await expectDiary(try stores.diaryOfUser!("ada"))
        try await expectMenu(stores.menu)
        try await expectRespondents(
            try #require(stores.respondents as? any ReviewedRespondentStore), written)
        #expect(
            try await stores.preferences.choice(forUser: "ada")
                == PreferenceChoice(choice: .save, username: "ada"))
        #expect(
            try await stores.preferences.choice(forUser: "bob")
                == PreferenceChoice(choice: .never, username: nil))
    }

    static func expectUsers(
        _ users: any UserStore & TokenStore & SessionStore, _ written: Written
    ) async throws {
        let all = try await users.users()
        #expect(all.map(\.name) == ["ada", "bob"])
        #expect(all.map(\.role) == [.admin, .surveyor])
        for user in all {
            #expect(
                BcryptPasswordHasher(cost: 4).verify(
                    "correct horse battery staple", against: user.passwordHash))
            #expect(written.minute.contains(user.createdAt))
        }
        let tokens = try await users.tokens(user: nil)
        #expect(
            Set(tokens.map(\.id))
                == [written.adasToken.id, written.revokedTokenID, written.bobsTokenID])
        let adas = try #require(try await users.token(secretHash: written.adasToken.secretHash))
        #expect(adas.id == written.adasToken.id)
        #expect(adas.user == "ada")
        #expect(adas.label == "laptop")
        #expect(!adas.revoked)
        #expect(written.minute.contains(adas.createdAt))
        let lifetime = try #require(adas.expiresAt).timeIntervalSince(adas.createdAt)
        #expect(abs(lifetime - 3650 * 86_400) < 0.001)
        let revoked = try #require(tokens.first { $0.id == written.revokedTokenID })
        #expect(revoked.user == "bob")
        #expect(revoked.label == "old phone")
        #expect(revoked.revoked)
        #expect(revoked.expiresAt == nil)
        let bobs = try #require(tokens.first { $0.id == written.bobsTokenID })
        #expect(bobs.label == nil)
        let session = try #require(try await users.session(secretHash: written.bobsSession))
        #expect(session.user == "bob")
        #expect(written.minute.contains(session.createdAt))
        #expect(abs(session.expiresAt.timeIntervalSince(session.createdAt) - 12 * 3600) < 0.001)
    }

    static func expectDiary(_ store: any DiaryStore & Sendable) async throws {
        try await PostgresTesting.onOwnThread {
            let diary = DiaryEntries(store: store)
            let first = UUID(uuidString: "0b6d3c1e-5d0c-4f63-9a39-2d2a1f0c0a01")!
            let second = UUID(uuidString: "0b6d3c1e-5d0c-4f63-9a39-2d2a1f0c0a02")!
            let removed = UUID(uuidString: "0b6d3c1e-5d0c-4f63-9a39-2d2a1f0c0a03")!
            let newest = try diary.newest(limit: 10)
            #expect(
                newest == [
                    Entry(
                        id: second, date: Date(timeIntervalSince1970: 1_772_487_630.25),
                        text: "Ünïcödé, \"quotes\" and a tab\there.\nSecond line. #notes"),
                    Entry(
                        id: first, date: Date(timeIntervalSince1970: 1_772_352_900),
                        text: "First light over the harbour. #walk #sea"),
                ])
            #expect(try diary.revisedEntry(id: first).revision == 1)
            #expect(try diary.starred(among: [first, second]) == [first])
            #expect(
                try diary.tagCounts().map { "\($0.tag) \($0.count)" }.sorted() == [
                    "notes 1", "sea 1", "walk 1",
                ])
            #expect(
                try diary.newest(
                    matching: DiaryQuery(search: try DiarySearch("harbor")), limit: 10, after: nil
                )
                .isEmpty)
            #expect(
                try diary.newest(
                    matching: DiaryQuery(search: try DiarySearch("unicode")), limit: 10, after: nil
                )
                .map(\.id) == [second])
            let trashed = try diary.trashed(limit: 10)
            #expect(trashed.map(\.entry.id) == [removed])
            #expect(trashed.first?.entry.text == "An entry that goes to the trash.")
            #expect(trashed.first?.entry.date == Date(timeIntervalSince1970: 1_772_539_200))
            #expect(
                trashed.first.map { $0.removedAt > Date(timeIntervalSince1970: 1_796_171_220) }
                    == true)
        }
    }

    static func expectMenu(_ store: any MenuStore) async throws {
        let current = try #require(try await store.current())
        #expect(current.number == 2)
        #expect(try await store.revision(1)?.menu.pizzas.first?.price == Decimal(string: "8.50"))
        let menu = current.menu
        #expect(menu.restaurant == "Giuseppe's")
        #expect(menu.currency.code == "EUR")
        let margherita = try #require(menu.pizzas.first)
        #expect(margherita.name == "Margherita")
        #expect(margherita.price == Decimal(string: "9.00"))
        #expect(margherita.description == "Tomato, mozzarella, basil")
        #expect(Set(margherita.allergens) == [.gluten, .milk])
        #expect(Set(margherita.labels) == [.vegetarian])
        #expect(margherita.allergensDeclared && margherita.labelsDeclared)
        let special = try #require(menu.pizzas.last)
        #expect(special.name == "Secret special")
        #expect(!special.allergensDeclared && !special.labelsDeclared)
        let water = try #require(menu.beverages.first)
        #expect(water.allergensDeclared && water.allergens.isEmpty)
        #expect(Set(water.labels) == [.vegan, .vegetarian])
        #expect(water.soldOut == .on(day: "2026-03-04"))
        #expect(menu.desserts.first.map { Set($0.allergens) } == [.eggs, .milk, .gluten])
    }

    static func expectRespondents(_ store: any ReviewedRespondentStore, _ written: Written)
        async throws
    {
        let all = try await store.respondents(limit: 10, after: nil)
        #expect(
            all == [
                Respondent(
                    id: "r-001",
                    fields: [
                        "id": "r-001", "name": "Ana", "age": 35, "household": ["Ana", "Tomás"],
                        "visited": true,
                    ]),
                Respondent(
                    id: "r-002",
                    fields: [
                        "id": "r-002", "name": "Björk", "notes": "line one\nline two",
                        "score": 4.5,
                    ]),
            ])
        let statuses = try await store.statuses(of: ["r-001", "r-002"])
        let reviewed = try #require(statuses["r-001"])
        #expect(reviewed.state == .hasIssues)
        #expect(reviewed.reviewer == "ada")
        #expect(reviewed.comment == "Age changed: check.")
        #expect(reviewed.sender == RespondentSender(user: "ada", device: "laptop"))
        #expect(reviewed.reviewedAt.map { written.minute.contains($0) } == true)
        #expect(statuses["r-002"]?.state == .received)
        #expect(statuses["r-002"].map { written.minute.contains($0.receivedAt) } == true)
        let history = try await store.history(of: "r-001")
        #expect(history.map(\.kind) == [.received, .changed, .reviewed])
        #expect(history.map(\.version) == [1, 2, nil])
        let first = try #require(try await store.version(1, of: "r-001"))
        #expect(first.respondent?.fields["age"] == 34)
        #expect(first.sender == RespondentSender(user: "ada", device: "laptop"))
        #expect(try await store.reviewCounts() == [.received: 1, .hasIssues: 1])
    }
}
