import Accounts
import AccountsBcrypt
import Foundation
import Testing

@Suite("Users and API tokens")
struct UsersTests {
    let directory = InMemoryUserDirectory()
    let hasher = PasswordHasherFake()
    var users: Users { Users(store: directory, hasher: hasher) }

    @Test func addsAUserWithTheirPasswordHashedNeverKept() async throws {
        let user = try await users.add(name: "ada", role: .admin, password: "correct horse")
        #expect(user.passwordHash == "fake:correct horse")
        #expect(try await directory.user(named: "ada") == user)
    }

    /// The name rules at their edges: the first and last letter and digit, each of the three
    /// marks inside a name, one character and 64.
    @Test(arguments: [
        "a", "z", "0", "9", "z9", "a.b", "a_b", "a-b", "0.z_9-a", String(repeating: "z", count: 64),
    ])
    func acceptsEveryNameTheRulesAllow(name: String) async throws {
        let user = try await users.add(name: name, role: .diarist, password: "long enough")
        #expect(user.name == name)
    }

    @Test(arguments: [
        "", "Ada", "-ada", "a b", "ada/x", "ädä", String(repeating: "a", count: 65),
        ".ada", "_ada", "`", "{", "/", ":", "a:b", "a`b", "a{b",
    ])
    func refusesANameThatCannotNameAUser(name: String) async throws {
        await #expect(throws: UserError.invalidName(name)) {
            try await users.add(name: name, role: .diarist, password: "long enough")
        }
    }

    @Test func refusesPasswordsBcryptWouldCutOrThatAreTooShort() async throws {
        await #expect(throws: UserError.weakPassword("must be at least 8 bytes long")) {
            try await users.add(name: "ada", role: .admin, password: "short")
        }
        let long = String(repeating: "x", count: 73)
        await #expect(
            throws: UserError.weakPassword("must be at most 72 bytes long (bcrypt reads no more)")
        ) {
            try await users.add(name: "ada", role: .admin, password: long)
        }
        // bcrypt would end the password at a NUL: "secret\0anything" would equal "secret".
        await #expect(throws: UserError.weakPassword("must not contain NUL")) {
            try await users.add(name: "ada", role: .admin, password: "long enough\u{0}tail")
        }
        #expect(try await directory.count() == 0)
    }

    /// The bounds are bytes, and both ends are allowed: 8 and 72.
    @Test func takesPasswordsOfExactlyTheShortestAndLongestLength() async throws {
        _ = try await users.add(name: "ada", role: .admin, password: "12345678")
        _ = try await users.add(
            name: "sam", role: .admin, password: String(repeating: "y", count: 72))
        #expect(try await directory.count() == 2)
    }

    /// A wrong password and an unknown user get the same answer after the same work.
    @Test func signInAnswersAWrongPasswordAndAnUnknownUserAlike() async throws {
        try await users.add(name: "ada", role: .admin, password: "correct horse")
        #expect(try await users.authenticate(name: "ada", password: "correct horse")?.name == "ada")
        let before = hasher.checks
        #expect(try await users.authenticate(name: "ada", password: "wrong horse") == nil)
        #expect(try await users.authenticate(name: "nobody", password: "correct horse") == nil)
        #expect(hasher.checks == before + 2)
    }

    /// The decoy an unknown user is checked against is hashed once and kept: with bcrypt a
    /// hash costs as much as a check, so hashing it again at every unknown name would make
    /// those answers twice as slow as a real user's (and the difference measurable).
    /// bcrypt reads 72 bytes: a password longer than that is refused at sign-in as at `add`,
    /// never checked on its first 72 bytes.
    @Test func signInRefusesAPasswordBcryptWouldCut() async throws {
        let users = Users(store: directory, hasher: BcryptPasswordHasher(cost: 4))
        let password = String(repeating: "p", count: 72)
        try await users.add(name: "ada", role: .admin, password: password)
        #expect(try await users.authenticate(name: "ada", password: password)?.name == "ada")
        #expect(try await users.authenticate(name: "ada", password: password + "anything") == nil)
    }

    @Test func theDecoyForUnknownUsersIsHashedOnce() async throws {
        let users = Users(store: directory, hasher: hasher)
        for _ in 0..<3 {
            #expect(try await users.authenticate(name: "nobody", password: "correct horse") == nil)
        }
        #expect(hasher.checks == 3)
        #expect(hasher.hashes == 1)
    }

    @Test func changesAPasswordAndRemovesAUser() async throws {
        try await users.add(name: "ada", role: .admin, password: "correct horse")
        try await users.changePassword(of: "ada", to: "battery staple")
        #expect(try await users.authenticate(name: "ada", password: "correct horse") == nil)
        #expect(try await users.authenticate(name: "ada", password: "battery staple") != nil)
        try await users.remove(named: "ada")
        #expect(try await users.all().isEmpty)
    }

    @Test func aTokensSecretIsShownOnceAndOnlyItsHashIsKept() async throws {
        try await users.add(name: "ada", role: .surveyor, password: "correct horse")
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let tokens = APITokens(tokens: directory, users: directory, clock: { now })
        let (token, secret) = try await tokens.create(
            user: "ada", label: "laptop", expiresInDays: 30)
        #expect(secret.hasPrefix("cbt_\(token.id)_"))
        let expectedLength = 56  // "cbt_", 8 hex digits, "_", 43 characters of secret
        #expect(secret.count == expectedLength)
        #expect(token.expiresAt == now.addingTimeInterval(30 * 86_400))
        #expect(try await directory.token(secretHash: APITokens.hash(secret)) == token)
        #expect(try await tokens.authenticate(secret)?.user.name == "ada")
        #expect(try await tokens.authenticate(secret + "x") == nil)
        #expect(try await tokens.authenticate("cbt_\(token.id)_") == nil)
        await #expect(throws: UserError.unknown("bob")) {
            try await tokens.create(user: "bob", label: nil, expiresInDays: nil)
        }
    }

    /// A secret's 32 bytes are drawn from all 256 values (256 bits a secret, not 255.9...).
    /// Over 400 secrets a missing value would have odds of about 256 × (255/256)^12,800, about
    /// 10^-20: the test does not flake, and a range that left a value out fails it at once.
    @Test func secretsDrawTheirBytesFromEveryValue() async throws {
        try await users.add(name: "ada", role: .surveyor, password: "correct horse")
        let tokens = APITokens(tokens: directory, users: directory)
        var seen = Set<UInt8>()
        for _ in 0..<400 {
            let (token, secret) = try await tokens.create(
                user: "ada", label: nil, expiresInDays: nil)
            let text = secret.dropFirst("cbt_\(token.id)_".count)
                .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            let bytes = try #require(Data(base64Encoded: text + "="))
            #expect(bytes.count == 32)
            seen.formUnion(bytes)
        }
        #expect(seen.count == 256)
    }

    /// A presented secret is read up to 128 bytes and refused beyond, whatever the store holds:
    /// a secret of exactly 128 bytes whose hash is stored is taken, one of 129 is not.
    @Test func aSecretOfUpTo128BytesIsLookedUpAndALongerOneRefused() async throws {
        try await users.add(name: "ada", role: .surveyor, password: "correct horse")
        let tokens = APITokens(tokens: directory, users: directory)
        for (id, length) in [("0000aaaa", 128), ("0000bbbb", 129)] {
            let secret = "cbt_\(id)_" + String(repeating: "s", count: length - 13)
            #expect(secret.utf8.count == length)
            try await directory.add(
                APIToken(id: id, user: "ada", label: nil, createdAt: Date(), expiresAt: nil),
                secretHash: APITokens.hash(secret))
            #expect((try await tokens.authenticate(secret) != nil) == (length == 128))
        }
    }

    @Test func anExpiredOrRevokedTokenOrOneWhoseUserIsGoneIsRefused() async throws {
        try await users.add(name: "ada", role: .surveyor, password: "correct horse")
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let clock = ClockStub(start)
        let tokens = APITokens(tokens: directory, users: directory, clock: { clock.now })
        let (_, expiring) = try await tokens.create(user: "ada", label: nil, expiresInDays: 1)
        let (revoked, revokedSecret) = try await tokens.create(
            user: "ada", label: nil, expiresInDays: nil)
        let (_, lasting) = try await tokens.create(user: "ada", label: nil, expiresInDays: nil)
        clock.now = start.addingTimeInterval(86_400)
        #expect(try await tokens.authenticate(expiring) == nil)
        try await tokens.revoke(id: revoked.id)
        #expect(try await tokens.authenticate(revokedSecret) == nil)
        #expect(try await tokens.authenticate(lasting) != nil)
        try await users.remove(named: "ada")
        #expect(try await tokens.authenticate(lasting) == nil)
    }

    /// A token's use is recorded when it signs in, at most once a minute: a burst of
    /// requests writes once.
    @Test func aTokensLastUseIsRecordedAtMostOnceAMinute() async throws {
        try await users.add(name: "ada", role: .surveyor, password: "correct horse")
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let clock = ClockStub(start)
        let tokens = APITokens(tokens: directory, users: directory, clock: { clock.now })
        let (token, secret) = try await tokens.create(user: "ada", label: nil, expiresInDays: nil)
        #expect(try await tokens.list(user: "ada").first?.lastUsedAt == nil)
        #expect(try await tokens.authenticate(secret)?.token.lastUsedAt == start)
        clock.now = start.addingTimeInterval(59)
        _ = try await tokens.authenticate(secret)
        #expect(try await tokens.list(user: "ada").first?.lastUsedAt == start)
        clock.now = start.addingTimeInterval(60)
        _ = try await tokens.authenticate(secret)
        #expect(try await tokens.list(user: "ada").first?.lastUsedAt == clock.now)
        #expect(try await tokens.list(user: "ada").first?.id == token.id)
    }

    /// A disabled user's tokens sign nothing in, and say they are revoked, until the user is
    /// enabled again; the password still checks, for the sign-in page to say they are disabled.
    @Test func aDisabledUsersTokensAreRefusedUntilEnabled() async throws {
        try await users.add(name: "ada", role: .surveyor, password: "correct horse")
        let tokens = APITokens(tokens: directory, users: directory)
        let (_, secret) = try await tokens.create(user: "ada", label: nil, expiresInDays: nil)
        try await users.setDisabled(true, name: "ada")
        #expect(try await tokens.authenticate(secret) == nil)
        #expect(try await tokens.refusal(of: secret) == .revoked)
        #expect(
            try await users.authenticate(name: "ada", password: "correct horse")?.disabled == true)
        try await users.setDisabled(false, name: "ada")
        #expect(try await tokens.authenticate(secret)?.user.name == "ada")
    }

    @Test func bcryptHashesSaltedAndChecks() {
        let hasher = BcryptPasswordHasher(cost: 4)
        let first = hasher.hash("correct horse")
        #expect(first.hasPrefix("$2b$04$"))
        #expect(first != hasher.hash("correct horse"), "salted")
        #expect(hasher.verify("correct horse", against: first))
        #expect(!hasher.verify("correct horsf", against: first))
    }
}

/// A user store written before roles could change says it cannot, rather than removing and
/// adding the user again.
@Suite("A user store that cannot change a role")
struct UnsupportedRoleChangeTests {
    struct OldUserStore: UserStore {
        let directory = InMemoryUserDirectory()
        func add(_ user: User) async throws { try await directory.add(user) }
        func user(named name: String) async throws -> User? {
            try await directory.user(named: name)
        }
        func users() async throws -> [User] { try await directory.users() }
        func setPasswordHash(_ hash: String, forUser name: String) async throws {
            try await directory.setPasswordHash(hash, forUser: name)
        }
        func remove(named name: String) async throws { try await directory.remove(named: name) }
        func count() async throws -> Int { try await directory.count() }
    }

    @Test func saysItCannotAndChangesNothing() async throws {
        let store = OldUserStore()
        let ada = User(name: "ada", role: .diarist, passwordHash: "h", createdAt: Date())
        try await store.add(ada)
        await #expect(
            throws: UnsupportedStoreOperation(store: "OldUserStore", operation: "change a role")
        ) {
            try await store.setRole(.admin, forUser: "ada")
        }
        #expect(try await store.user(named: "ada") == ada)
    }
}
