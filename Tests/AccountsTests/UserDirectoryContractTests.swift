import Accounts
import AccountsPostgres
import CasebookPostgres
import CasebookTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// Every implementation of `UserStore` and `TokenStore` (one object holds both).
enum UserDirectoryKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite, postgres

    var testDescription: String { rawValue }

    func withDirectory(
        in directory: TemporaryDirectory,
        _ body: @Sendable (any UserStore & TokenStore & SessionStore) async throws -> Void
    ) async throws {
        switch self {
        case .inMemory: try await body(InMemoryUserDirectory())
        case .sqlite:
            try await body(
                SQLiteUserDirectory(path: directory.appending("u-\(UUID().uuidString).sqlite").path)
            )
        case .postgres:
            try await PostgresTesting.withDatabase(schemas: [PostgresUserDirectory.schema]) {
                database in
                // What the contract holds is what the store does, not how soon: on a loaded
                // machine eight first connections at once (a race below) take longer than an
                // operation's standard deadline, which PostgresOperationsTests hold.
                try await body(
                    PostgresUserDirectory(
                        client: database.client,
                        operations: PostgresOperations(deadline: .seconds(60))))
            }
        }
    }
}

/// What every user and token store promises: one user per name, kept exactly; tokens found by
/// the hash of their secret only, revoked for good, and gone with their user.
@Suite("The user and token store contract")
struct UserDirectoryContractTests {
    let directory: TemporaryDirectory
    static let created = Date(timeIntervalSinceReferenceDate: 700_000_000.5)

    init() throws { directory = try TemporaryDirectory() }

    @Test(arguments: UserDirectoryKind.allCases)
    func keepsOneUserPerNameExactly(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let ada = User(
                name: "ada", role: .admin, passwordHash: "$2b$hash", createdAt: Self.created)
            try await store.add(ada)
            try await store.add(
                User(name: "bob", role: .diarist, passwordHash: "h", createdAt: Self.created))
            await #expect(throws: UserError.exists("ada")) {
                try await store.add(
                    User(name: "ada", role: .diarist, passwordHash: "x", createdAt: Self.created))
            }
            #expect(try await store.user(named: "ada") == ada)
            #expect(try await store.user(named: "ADA") == nil)
            #expect(try await store.users().map(\.name) == ["ada", "bob"])
            #expect(try await store.count() == 2)
            try await store.setPasswordHash("new", forUser: "bob")
            #expect(try await store.user(named: "bob")?.passwordHash == "new")
            await #expect(throws: UserError.unknown("carol")) {
                try await store.setPasswordHash("x", forUser: "carol")
            }
            try await store.remove(named: "bob")
            await #expect(throws: UserError.unknown("bob")) { try await store.remove(named: "bob") }
            #expect(try await store.count() == 1)
        }
    }

    /// The audit log keeps each event whole, in order, read newest first a page at a time;
    /// what a request sent is cut and stripped of control characters, never refused.
    @Test(arguments: UserDirectoryKind.allCases)
    func theAuditLogKeepsEachEventInOrder(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let log = try #require(store as? any AuditStore)
            let events = (0..<5).map { (index: Int) -> AuditEvent in
                let action: AuditEvent.Action = index % 2 == 0 ? .signedIn : .signInFailed
                let subject: String? = index == 4 ? nil : "sam"
                let detail: String? = index == 1 ? "Mozilla/5.0" : nil
                return AuditEvent(
                    at: Self.created.addingTimeInterval(Double(index)), action: action,
                    actor: "ada\(index)", subject: subject, address: "192.0.2.\(index)",
                    detail: detail)
            }
            for event in events { try await log.append(event) }
            let newest = try await log.entries(limit: 3, before: nil)
            #expect(newest.map(\.event) == [events[4], events[3], events[2]])
            #expect(newest.map(\.number) == newest.map(\.number).sorted(by: >))
            let older = try await log.entries(limit: 3, before: newest.last!.number)
            #expect(older.map(\.event) == [events[1], events[0]])
            try await log.append(
                AuditEvent(
                    at: Self.created, action: .signInFailed,
                    actor: "\u{1B}[2J" + String(repeating: "m", count: 500)))
            let hostile = try #require(try await log.entries(limit: 1, before: nil).first)
            #expect(hostile.event.actor == "[2J" + String(repeating: "m", count: 197))
        }
    }

    /// Eight people setting up a new server at once make one first user; once there is one,
    /// no other is added as a first.
    @Test(arguments: UserDirectoryKind.allCases)
    func aFirstUserIsAddedOnceHoweverManyRace(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let first = try #require(store as? any FirstUserStore)
            let added = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await first.addFirst(
                            User(
                                name: "admin\(index)", role: .admin, passwordHash: "h\(index)",
                                createdAt: Self.created))
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(added == 1)
            #expect(try await store.count() == 1)
            #expect(
                try await first.addFirst(
                    User(name: "late", role: .admin, passwordHash: "h", createdAt: Self.created))
                    == false)
            #expect(try await store.users().count == 1)
        }
    }

    @Test(arguments: UserDirectoryKind.allCases)
    func findsTokensByTheirHashRevokesThemAndDropsThemWithTheirUser(kind: UserDirectoryKind)
        async throws
    {
        try await kind.withDirectory(in: directory) { store in
            try await store.add(
                User(name: "ada", role: .surveyor, passwordHash: "h", createdAt: Self.created))
            let token = APIToken(
                id: "0a1b2c3d", user: "ada", label: "field laptop", createdAt: Self.created,
                expiresAt: Self.created.addingTimeInterval(86_400))
            try await store.add(token, secretHash: "hash-1")
            let other = APIToken(
                id: "0a1b2c3e", user: "ada", label: nil,
                createdAt: Self.created.addingTimeInterval(1),
                expiresAt: nil)
            try await store.add(other, secretHash: "hash-2")
            await #expect(throws: UserError.unknown("nobody")) {
                try await store.add(
                    APIToken(
                        id: "ffffffff", user: "nobody", label: nil, createdAt: Self.created,
                        expiresAt: nil),
                    secretHash: "hash-3")
            }
            #expect(try await store.token(secretHash: "hash-1") == token)
            #expect(try await store.token(secretHash: "0a1b2c3d") == nil, "found by hash only")
            #expect(try await store.tokens(user: "ada") == [token, other])
            #expect(try await store.tokens(user: nil).count == 2)
            #expect(try await store.tokens(user: "bob").isEmpty)
            try await store.revoke(id: "0a1b2c3d")
            #expect(try await store.token(secretHash: "hash-1")?.revoked == true)
            await #expect(throws: UserError.unknownToken("99999999")) {
                try await store.revoke(id: "99999999")
            }
            try await store.remove(named: "ada")
            #expect(try await store.token(secretHash: "hash-2") == nil)
            #expect(try await store.tokens(user: nil).isEmpty)
        }
    }

    /// A new password ends every session its user had, in the same step: a session signed in
    /// with the old password is worth nothing after it. Other users' sessions stay.
    @Test(arguments: UserDirectoryKind.allCases)
    func aNewPasswordEndsEverySessionOfItsUser(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            for name in ["ada", "bob"] {
                try await store.add(
                    User(name: name, role: .diarist, passwordHash: "h", createdAt: Self.created))
                for number in 1...2 {
                    try await store.add(
                        SignInSession(
                            user: name, createdAt: Self.created,
                            expiresAt: Self.created.addingTimeInterval(3600)),
                        secretHash: "\(name)-\(number)")
                }
            }
            try await store.setPasswordHash("new", forUser: "ada")
            #expect(try await store.session(secretHash: "ada-1") == nil)
            #expect(try await store.session(secretHash: "ada-2") == nil)
            #expect(try await store.session(secretHash: "bob-1")?.user == "bob")
            #expect(try await store.session(secretHash: "bob-2")?.user == "bob")
        }
    }

    /// A new role ends every session of its user in the same step, keeps their tokens (which
    /// act with the new role), and leaves other users' sessions alone.
    @Test(arguments: UserDirectoryKind.allCases)
    func aNewRoleEndsEverySessionOfItsUserAndKeepsTheirTokens(kind: UserDirectoryKind)
        async throws
    {
        try await kind.withDirectory(in: directory) { store in
            for name in ["ada", "bob"] {
                try await store.add(
                    User(name: name, role: .diarist, passwordHash: "h", createdAt: Self.created))
                try await store.add(
                    SignInSession(
                        user: name, createdAt: Self.created,
                        expiresAt: Self.created.addingTimeInterval(3600)),
                    secretHash: "\(name)-session")
            }
            let token = APIToken(
                id: "0a1b2c3d", user: "ada", label: nil, createdAt: Self.created, expiresAt: nil)
            try await store.add(token, secretHash: "ada-token")
            try await store.setRole(.surveyor, forUser: "ada")
            #expect(try await store.user(named: "ada")?.role == .surveyor)
            #expect(try await store.session(secretHash: "ada-session") == nil)
            #expect(try await store.session(secretHash: "bob-session")?.user == "bob")
            #expect(try await store.token(secretHash: "ada-token") == token)
            await #expect(throws: UserError.unknown("carol")) {
                try await store.setRole(.admin, forUser: "carol")
            }
        }
    }

    @Test(arguments: UserDirectoryKind.allCases)
    func keepsSessionsByTheirHashUntilEndedExpiredOrTheirUserGoes(kind: UserDirectoryKind)
        async throws
    {
        try await kind.withDirectory(in: directory) { store in
            try await store.add(
                User(name: "ada", role: .diarist, passwordHash: "h", createdAt: Self.created))
            let session = SignInSession(
                user: "ada", createdAt: Self.created,
                expiresAt: Self.created.addingTimeInterval(3600))
            try await store.add(session, secretHash: "s-1")
            try await store.add(
                SignInSession(
                    user: "ada", createdAt: Self.created,
                    expiresAt: Self.created.addingTimeInterval(60)),
                secretHash: "s-2")
            await #expect(throws: UserError.unknown("bob")) {
                try await store.add(
                    SignInSession(user: "bob", createdAt: Self.created, expiresAt: Self.created),
                    secretHash: "s-3")
            }
            #expect(try await store.session(secretHash: "s-1") == session)
            // Expired *before* the moment: one that ends at that very moment is kept.
            let endsAtTheCut = SignInSession(
                user: "ada", createdAt: Self.created,
                expiresAt: Self.created.addingTimeInterval(120))
            try await store.add(endsAtTheCut, secretHash: "s-5")
            try await store.removeSessions(expiredBefore: Self.created.addingTimeInterval(120))
            #expect(try await store.session(secretHash: "s-2") == nil)
            #expect(try await store.session(secretHash: "s-1") == session)
            #expect(try await store.session(secretHash: "s-5") == endsAtTheCut)
            try await store.removeSession(secretHash: "s-1")
            try await store.removeSession(secretHash: "s-1")
            #expect(try await store.session(secretHash: "s-1") == nil)
            try await store.add(session, secretHash: "s-4")
            try await store.remove(named: "ada")
            #expect(try await store.session(secretHash: "s-4") == nil)
        }
    }

    /// A user's sessions are listed newest first, each with the browser it began in; another
    /// user's are not among them.
    @Test(arguments: UserDirectoryKind.allCases)
    func listsAUsersSessionsNewestFirstWithTheirBrowser(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            for name in ["ada", "bob"] {
                try await store.add(
                    User(name: name, role: .diarist, passwordHash: "h", createdAt: Self.created))
            }
            let older = SignInSession(
                user: "ada", createdAt: Self.created,
                expiresAt: Self.created.addingTimeInterval(3600), userAgent: "Firefox on Linux")
            let newer = SignInSession(
                user: "ada", createdAt: Self.created.addingTimeInterval(60.25),
                expiresAt: Self.created.addingTimeInterval(3660), userAgent: nil)
            try await store.add(older, secretHash: "a-older")
            try await store.add(newer, secretHash: "a-newer")
            try await store.add(
                SignInSession(
                    user: "bob", createdAt: Self.created,
                    expiresAt: Self.created.addingTimeInterval(3600)),
                secretHash: "b-1")
            #expect(
                try await store.sessions(user: "ada") == [
                    StoredSession(secretHash: "a-newer", session: newer),
                    StoredSession(secretHash: "a-older", session: older),
                ])
            #expect(try await store.session(secretHash: "a-older") == older)
            #expect(try await store.sessions(user: "carol").isEmpty)
            try await store.removeSession(secretHash: "a-newer")
            #expect(try await store.sessions(user: "ada").map(\.secretHash) == ["a-older"])
        }
    }

    /// A token's last use is kept as recorded, and read back with it.
    @Test(arguments: UserDirectoryKind.allCases)
    func keepsWhenATokenWasLastUsed(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            try await store.add(
                User(name: "ada", role: .surveyor, passwordHash: "h", createdAt: Self.created))
            let token = APIToken(
                id: "0a1b2c3d", user: "ada", label: "field laptop", createdAt: Self.created,
                expiresAt: nil)
            try await store.add(token, secretHash: "hash-1")
            #expect(try await store.token(secretHash: "hash-1")?.lastUsedAt == nil)
            let used = Self.created.addingTimeInterval(90.5)
            try await store.markUsed(id: "0a1b2c3d", at: used)
            #expect(try await store.token(secretHash: "hash-1")?.lastUsedAt == used)
            #expect(try await store.tokens(user: "ada").first?.lastUsedAt == used)
            await #expect(throws: UserError.unknownToken("99999999")) {
                try await store.markUsed(id: "99999999", at: used)
            }
            var carried = token
            carried.id = "0a1b2c3e"
            carried.lastUsedAt = used
            try await store.add(carried, secretHash: "hash-2")
            #expect(try await store.token(secretHash: "hash-2") == carried)
        }
    }

    /// A disabled user is kept whole, read back disabled, and their sessions end in the same
    /// step; their tokens are kept. Enabled again, they are as they were.
    @Test(arguments: UserDirectoryKind.allCases)
    func disablesAUserEndingTheirSessionsAndKeepingTheRest(kind: UserDirectoryKind)
        async throws
    {
        try await kind.withDirectory(in: directory) { store in
            let ada = User(name: "ada", role: .surveyor, passwordHash: "h", createdAt: Self.created)
            try await store.add(ada)
            try await store.add(
                User(name: "bob", role: .diarist, passwordHash: "h", createdAt: Self.created))
            for name in ["ada", "bob"] {
                try await store.add(
                    SignInSession(
                        user: name, createdAt: Self.created,
                        expiresAt: Self.created.addingTimeInterval(3600)),
                    secretHash: "\(name)-session")
            }
            let token = APIToken(
                id: "0a1b2c3d", user: "ada", label: nil, createdAt: Self.created, expiresAt: nil)
            try await store.add(token, secretHash: "ada-token")
            try await store.setDisabled(true, forUser: "ada")
            var disabled = ada
            disabled.disabled = true
            #expect(try await store.user(named: "ada") == disabled)
            #expect(try await store.users().first == disabled)
            #expect(try await store.session(secretHash: "ada-session") == nil)
            #expect(try await store.session(secretHash: "bob-session")?.user == "bob")
            #expect(try await store.token(secretHash: "ada-token") == token)
            try await store.setDisabled(false, forUser: "ada")
            #expect(try await store.user(named: "ada") == ada)
            await #expect(throws: UserError.unknown("carol")) {
                try await store.setDisabled(true, forUser: "carol")
            }
            var addedDisabled = User(
                name: "dan", role: .manager, passwordHash: "h", createdAt: Self.created)
            addedDisabled.disabled = true
            try await store.add(addedDisabled)
            #expect(try await store.user(named: "dan") == addedDisabled)
        }
    }

    /// A reset link is kept by its hash for its user only, the newest of theirs alone; taken,
    /// it is gone (it works once); it goes with its user.
    @Test(arguments: UserDirectoryKind.allCases)
    func keepsOneResetPerUserThatIsTakenOnce(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let resets = try #require(store as? any PasswordResetStore)
            try await store.add(
                User(name: "ada", role: .surveyor, passwordHash: "h", createdAt: Self.created))
            let first = PasswordReset(
                user: "ada", createdAt: Self.created,
                expiresAt: Self.created.addingTimeInterval(86_400))
            try await resets.addReset(first, secretHash: "r-1")
            #expect(try await resets.reset(secretHash: "r-1") == first)
            let second = PasswordReset(
                user: "ada", createdAt: Self.created.addingTimeInterval(60.5),
                expiresAt: Self.created.addingTimeInterval(86_460.5))
            try await resets.addReset(second, secretHash: "r-2")
            #expect(try await resets.reset(secretHash: "r-1") == nil, "only the newest works")
            #expect(try await resets.takeReset(secretHash: "r-2") == second)
            #expect(try await resets.takeReset(secretHash: "r-2") == nil, "once")
            #expect(try await resets.reset(secretHash: "r-2") == nil)
            await #expect(throws: UserError.unknown("bob")) {
                try await resets.addReset(
                    PasswordReset(user: "bob", createdAt: Self.created, expiresAt: Self.created),
                    secretHash: "r-3")
            }
            try await resets.addReset(first, secretHash: "r-4")
            try await store.remove(named: "ada")
            #expect(try await resets.reset(secretHash: "r-4") == nil)
        }
    }

    /// A second factor is kept whole for its user, each step is accepted once and in order,
    /// each recovery code once; it goes when turned off or with its user.
    @Test(arguments: UserDirectoryKind.allCases)
    func keepsASecondFactorWhoseCodesWorkOnce(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let factors = try #require(store as? any SecondFactorStore)
            try await store.add(
                User(name: "ana", role: .surveyor, passwordHash: "h", createdAt: Self.created))
            let factor = SecondFactor(
                secret: "MZXW6YTBOI", enabledAt: Self.created, lastStep: 100,
                recoveryCodeHashes: ["h1", "h2", "h3"])
            try await factors.setSecondFactor(factor, user: "ana")
            #expect(try await factors.secondFactor(user: "ana") == factor)
            #expect(try await factors.secondFactor(user: "bob") == nil)
            #expect(try await factors.useStep(100, user: "ana") == false, "not after the last")
            #expect(try await factors.useStep(101, user: "ana"))
            #expect(try await factors.useStep(101, user: "ana") == false)
            #expect(try await factors.useStep(50, user: "ana") == false)
            #expect(try await factors.useRecoveryCode(hash: "h2", user: "ana"))
            #expect(try await factors.useRecoveryCode(hash: "h2", user: "ana") == false)
            #expect(try await factors.useRecoveryCode(hash: "h9", user: "ana") == false)
            var used = factor
            used.lastStep = 101
            used.recoveryCodeHashes = ["h1", "h3"]
            #expect(try await factors.secondFactor(user: "ana") == used)
            var fresh = factor
            fresh.lastStep = nil
            try await factors.setSecondFactor(fresh, user: "ana")
            #expect(try await factors.secondFactor(user: "ana") == fresh, "replaced whole")
            #expect(try await factors.useStep(1, user: "ana"))
            await #expect(throws: UserError.unknown("bob")) {
                try await factors.setSecondFactor(factor, user: "bob")
            }
            try await factors.setSecondFactor(nil, user: "ana")
            #expect(try await factors.secondFactor(user: "ana") == nil)
            try await factors.setSecondFactor(factor, user: "ana")
            try await store.remove(named: "ana")
            #expect(try await factors.secondFactor(user: "ana") == nil)
        }
    }

    /// The log read by action and by person (who did it, from the browser or the command
    /// line, or whom it was done to), a page at a time like the whole log.
    @Test(arguments: UserDirectoryKind.allCases)
    func theAuditLogIsReadByActionAndPerson(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let log = try #require(store as? any AuditStore)
            let events = [
                AuditEvent(at: Self.created, action: .signedIn, actor: "ana"),
                AuditEvent(at: Self.created, action: .roleChanged, actor: "ada", subject: "ana"),
                AuditEvent(at: Self.created, action: .signedIn, actor: "bob"),
                AuditEvent(
                    at: Self.created, action: .userDisabled, actor: "ana (command line)",
                    subject: "bob"),
                AuditEvent(at: Self.created, action: .signedIn, actor: "ana"),
            ]
            for event in events { try await log.append(event) }
            let ana = try await log.entries(
                limit: 10, before: nil, matching: AuditFilter(person: "ana"))
            #expect(ana.map(\.event) == [events[4], events[3], events[1], events[0]])
            let signIns = try await log.entries(
                limit: 10, before: nil, matching: AuditFilter(action: .signedIn))
            #expect(signIns.map(\.event) == [events[4], events[2], events[0]])
            let anasSignIns = try await log.entries(
                limit: 1, before: nil, matching: AuditFilter(action: .signedIn, person: "ana"))
            #expect(anasSignIns.map(\.event) == [events[4]])
            let older = try await log.entries(
                limit: 5, before: anasSignIns[0].number,
                matching: AuditFilter(action: .signedIn, person: "ana"))
            #expect(older.map(\.event) == [events[0]])
            #expect(
                try await log.entries(
                    limit: 5, before: nil, matching: AuditFilter(person: "nobody")
                )
                .isEmpty)
        }
    }

    /// Two admins demoting each other at once leave one admin; the last enabled admin is not
    /// demoted, disabled or removed; a change that keeps an admin ends the user's sessions.
    @Test(arguments: UserDirectoryKind.allCases)
    func anEnabledAdminAlwaysRemains(kind: UserDirectoryKind) async throws {
        try await kind.withDirectory(in: directory) { store in
            let keeping = try #require(store as? any AdminKeepingUserStore)
            for name in ["ada", "bob"] {
                try await store.add(
                    User(name: name, role: .admin, passwordHash: "h", createdAt: Self.created))
            }
            try await store.add(
                User(name: "sam", role: .surveyor, passwordHash: "h", createdAt: Self.created))
            let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
                for name in ["ada", "bob"] {
                    group.addTask {
                        do {
                            try await keeping.apply(.role(.diarist), to: name)
                            return false
                        } catch is LastAdminError {
                            return true
                        }
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(refused == 1)
            let admins = try await store.users().filter { $0.role == .admin }
            #expect(admins.count == 1)
            let last = try #require(admins.first).name
            for change in [UserChange.role(.manager), .disabled(true), .removal] {
                await #expect(throws: LastAdminError(name: last)) {
                    try await keeping.apply(change, to: last)
                }
            }
            #expect(try await store.user(named: last)?.role == .admin)
            #expect(try await store.user(named: last)?.disabled == false)
            try await store.add(
                SignInSession(
                    user: "sam", createdAt: Self.created,
                    expiresAt: Self.created.addingTimeInterval(3600)),
                secretHash: "sam-session")
            try await keeping.apply(.disabled(true), to: "sam")
            #expect(try await store.user(named: "sam")?.disabled == true)
            #expect(try await store.session(secretHash: "sam-session") == nil)
            try await keeping.apply(.removal, to: "sam")
            #expect(try await store.user(named: "sam") == nil)
            await #expect(throws: UserError.unknown("nobody")) {
                try await keeping.apply(.role(.admin), to: "nobody")
            }
        }
    }
}
