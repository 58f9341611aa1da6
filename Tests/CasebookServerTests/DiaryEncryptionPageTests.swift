import Accounts
import AccountsBcrypt
import CasebookTestSupport
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// A diarist encrypts their own diary on the server from its Encryption page, unlocks it with
/// its passphrase, locks it, and decrypts it: the file holds no readable text while it is
/// encrypted, every change made while it is unlocked is sealed into it, and a wrong
/// passphrase says so and changes nothing.
@Suite("Encrypting a diary from its page", .serialized)
struct DiaryEncryptionPageTests {
    let folder: TemporaryDirectory
    let stores: CasebookServer.Stores
    var configuration: CasebookServer.Configuration

    init() async throws {
        folder = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: folder.url)
        let users = try #require(stores.users)
        try await Users(store: users, hasher: BcryptPasswordHasher(cost: UsersFixture.passwordCost))
            .add(name: "dee", role: .diarist, password: "correct horse")
        configuration = CasebookServer.Configuration(dataDirectory: folder.url)
        configuration.passwordCost = UsersFixture.passwordCost
        configuration.diarySealCost = .forTests
    }

    var plainPath: String { folder.appending("diary-dee.sqlite").path }
    var sealedPath: String { folder.appending("diary-dee.sealed").path }

    private func asDee(_ body: @escaping @Sendable (inout PageClient) async throws -> Void)
        async throws
    {
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var dee = PageClient(client)
            _ = try await dee.post("/login", ["username": "dee", "password": "correct horse"])
            try await body(&dee)
        }
    }

    private func encrypt(_ dee: inout PageClient, passphrase: String = "sea glass 42")
        async throws -> PageClient.Page
    {
        try await dee.post(
            "/diary/encryption",
            [
                "action": "encrypt", "passphrase": passphrase, "again": passphrase,
                "understood": "yes",
            ])
    }

    private func fileHolds(_ text: String, at path: String) throws -> Bool {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return bytes.range(of: Data(text.utf8)) != nil
    }

    @Test func encryptingSealsTheFileAndKeepsTheDiaryInUse() async throws {
        try await asDee { dee in
            _ = try await dee.post("/diary", ["text": "Lighthouse keeper's log"])
            let page = try await dee.get("/diary/encryption")
            #expect(page.html.contains("A lost passphrase cannot be recovered"))
            let done = try await encrypt(&dee)
            #expect(done.status == .ok)
            #expect(done.html.contains("Your diary is encrypted."))
            #expect(!FileManager.default.fileExists(atPath: plainPath))
            #expect(try !fileHolds("Lighthouse", at: sealedPath))
            // Unlocked at once: the diary reads and takes entries as before, search included.
            let list = try await dee.get("/diary?q=lighthouse")
            #expect(list.status == .ok)
            #expect(list.html.contains("keeper&#39;s log"))
            _ = try await dee.post("/diary", ["text": "Second entry, about gulls"])
            #expect(try await dee.get("/diary").html.contains("id=\"lock-diary\""))
        }
        // Every change made while unlocked is in the sealed file, readable with the passphrase.
        #expect(try !fileHolds("gulls", at: sealedPath))
        let opened = try SealedSQLiteDiary(path: sealedPath, passphrase: "sea glass 42")
        defer { opened.close() }
        let texts = try DiaryEntries(store: opened.store).newest(limit: 10).map(\.text)
        #expect(texts == ["Second entry, about gulls", "Lighthouse keeper's log"])
    }

    @Test func aLockedDiaryAsksForItsPassphraseAndAWrongOneChangesNothing() async throws {
        try await asDee { dee in
            _ = try await dee.post("/diary", ["text": "Quiet harbour"])
            _ = try await encrypt(&dee)
            let locked = try await dee.post("/diary/lock", [:])
            #expect(locked.location == "/diary")
            let sealedBefore = try Data(contentsOf: URL(fileURLWithPath: sealedPath))
            let asked = try await dee.get("/diary/new")
            #expect(asked.status.code == 423)
            #expect(asked.html.contains("id=\"unlock-diary\""))
            #expect(asked.html.contains("value=\"/diary/new\""))
            #expect(!asked.html.contains("Quiet harbour"))
            let api = try await dee.get("/api/diary")
            #expect(api.status.code == 423)
            let wrong = try await dee.post(
                "/diary/unlock", ["passphrase": "not the one", "next": "/diary/new"])
            #expect(wrong.status.code == 423)
            #expect(wrong.html.contains("The passphrase is wrong: type it again."))
            #expect(try Data(contentsOf: URL(fileURLWithPath: sealedPath)) == sealedBefore)
            let right = try await dee.post(
                "/diary/unlock", ["passphrase": "sea glass 42", "next": "/diary/new"])
            #expect(right.location == "/diary/new")
            #expect(try await dee.get("/diary").html.contains("Quiet harbour"))
            // Elsewhere than the diary, the address given is not followed.
            _ = try await dee.post("/diary/lock", [:])
            let away = try await dee.post(
                "/diary/unlock", ["passphrase": "sea glass 42", "next": "//evil.example/"])
            #expect(away.location == "/diary")
        }
    }

    @Test func signingOutLocksTheDiary() async throws {
        try await asDee { dee in
            _ = try await encrypt(&dee)
            _ = try await dee.post("/logout", [:])
            _ = try await dee.post("/login", ["username": "dee", "password": "correct horse"])
            #expect(try await dee.get("/diary").status.code == 423)
        }
    }

    @Test func aNewPassphraseIsCheckedBeforeAnythingIsEncrypted() async throws {
        try await asDee { dee in
            _ = try await dee.post("/diary", ["text": "Still plain"])
            let cases: [([String: String], String)] = [
                (["passphrase": "short", "again": "short", "understood": "yes"], "shorter than 8"),
                (
                    ["passphrase": "sea glass 42", "again": "sea glass 43", "understood": "yes"],
                    "differ"
                ),
                (["passphrase": "sea glass 42", "again": "sea glass 42"], "cannot be recovered"),
            ]
            for (fields, words) in cases {
                let page = try await dee.post(
                    "/diary/encryption", fields.merging(["action": "encrypt"]) { $1 })
                #expect(page.status == .badRequest)
                #expect(page.html.contains(words))
            }
        }
        #expect(FileManager.default.fileExists(atPath: plainPath))
        #expect(!FileManager.default.fileExists(atPath: sealedPath))
    }

    @Test func decryptingWritesThePlainDiaryBack() async throws {
        try await asDee { dee in
            _ = try await dee.post("/diary", ["text": "Back to plain"])
            _ = try await encrypt(&dee)
            let wrong = try await dee.post(
                "/diary/encryption", ["action": "decrypt", "passphrase": "not the one"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.html.contains("The passphrase is wrong"))
            #expect(FileManager.default.fileExists(atPath: sealedPath))
            let done = try await dee.post(
                "/diary/encryption", ["action": "decrypt", "passphrase": "sea glass 42"])
            #expect(done.html.contains("Your diary is decrypted"))
            #expect(!FileManager.default.fileExists(atPath: sealedPath))
            _ = try await dee.post("/diary", ["text": "Written after"])
            let list = try await dee.get("/diary").html
            #expect(list.contains("Back to plain") && list.contains("Written after"))
        }
        let texts = try DiaryEntries(store: try SQLiteDiaryStore(path: plainPath))
            .newest(limit: 10).map(\.text)
        #expect(texts == ["Written after", "Back to plain"])
    }

    @Test func aServerWithoutDiaryFilesSaysEncryptionIsNotHere() async throws {
        let router = try CasebookServer.router(
            stores: .inMemory(dataDirectory: folder.url), configuration: configuration)
        try await Application(router: router).test(.router) { client in
            var pages = PageClient(client)
            let page = try await pages.get("/diary/encryption")
            #expect(page.html.contains("Encryption is for each user&#39;s own diary"))
        }
    }
}

/// The unlocked diaries' bookkeeping: one left unused past the limit is sealed and let go of.
@Suite("Unlocked diaries")
struct DiaryEncryptionTests {
    @Test func anIdleDiaryIsLockedAgain() throws {
        let folder = try TemporaryDirectory()
        let plain = folder.appending("diary-dee.sqlite").path
        _ = try DiaryEntries(store: try SQLiteDiaryStore(path: plain)).add(text: "Idle")
        let clock = ClockStub()
        let encryption = DiaryEncryption(
            files: .init(path: { _ in plain }, releasing: { _, body in try body() }),
            cost: .forTests, idleLimit: 60, now: { clock.now })
        try encryption.encrypt("dee", passphrase: "sea glass 42")
        #expect(encryption.state(of: "dee") == .unlocked)
        clock.now += 59
        #expect(encryption.unlocked("dee") != nil)
        clock.now += 61
        #expect(encryption.unlocked("dee") == nil)
        #expect(encryption.state(of: "dee") == .locked)
    }
}

/// The unlocked diaries' sweep, calls under way, and the refusals that change nothing.
@Suite("Unlocked diaries, locked again")
struct DiaryLockingTests {
    let folder: TemporaryDirectory
    let plain: String
    private let clock = ClockStub()

    init() throws {
        folder = try TemporaryDirectory()
        plain = folder.appending("diary-dee.sqlite").path
        _ = try DiaryEntries(store: try SQLiteDiaryStore(path: plain)).add(text: "Idle")
    }

    private func encryption(pause: @escaping @Sendable () async -> Void = {}) -> DiaryEncryption {
        let plain = plain
        let clock = clock
        return DiaryEncryption(
            files: .init(path: { _ in plain }, releasing: { _, body in try body() }),
            cost: .forTests, idleLimit: 60, now: { clock.now }, pause: pause)
    }

    @Test func anIdleDiaryIsLockedWithNoRequestAtAll() async throws {
        let gate = Gate()
        let encryption = encryption(pause: { await gate.next() })
        try encryption.encrypt("dee", passphrase: "sea glass 42")
        let sweep = try #require(encryption.idleSweep)
        clock.now += 61
        gate.release()
        await sweep.value
        #expect(encryption.state(of: "dee") == .locked)
        #expect(encryption.idleSweep == nil, "the sweep ends with the last unlocked diary")
    }

    @Test func aCallUnderWayIsSealedAndNoneStartsOnceLocking() throws {
        let encryption = encryption()
        try encryption.encrypt("dee", passphrase: "sea glass 42")
        let open = try #require(encryption.unlocked("dee"))
        try open.begin()
        try encryption.lock("dee")
        // Unlocked until the call under way ends; none starts meanwhile.
        #expect(encryption.state(of: "dee") == .unlocked)
        #expect(throws: (any Error).self) { try open.begin() }
        // The call that began before the lock still writes, and its end seals and closes it.
        _ = try DiaryEntries(store: open.store).add(text: "Written while locking")
        try open.end()
        #expect(encryption.state(of: "dee") == .locked)
        #expect(throws: (any Error).self) { try open.begin() }
        try encryption.unlock("dee", passphrase: "sea glass 42")
        let again = try #require(encryption.unlocked("dee"))
        #expect(try again.store.count() == 2)
    }

    @Test func aWrongPassphraseToDecryptLeavesTheDiaryUnlocked() throws {
        let encryption = encryption()
        try encryption.encrypt("dee", passphrase: "sea glass 42")
        #expect(throws: SealedDiaryError.wrongPassphrase) {
            try encryption.decrypt("dee", passphrase: "not it at all")
        }
        #expect(encryption.state(of: "dee") == .unlocked)
    }

    @Test func encryptingAnEncryptedDiaryAgainIsRefused() throws {
        let encryption = encryption()
        try encryption.encrypt("dee", passphrase: "sea glass 42")
        #expect(throws: DiaryEncryptionError.alreadyEncrypted) {
            try encryption.encrypt("dee", passphrase: "another passphrase")
        }
        try encryption.lock("dee")
        #expect(throws: SealedDiaryError.wrongPassphrase) {
            try encryption.unlock("dee", passphrase: "another passphrase")
        }
    }

    @Test func aSealAfterTheDiaryIsClosedIsRefused() throws {
        let sealed = try SealedSQLiteDiary.encrypt(
            plainAt: plain, passphrase: "sea glass 42", cost: .forTests)
        let diary = try SealedSQLiteDiary(path: sealed, passphrase: "sea glass 42", cost: .forTests)
        let before = try Data(contentsOf: URL(fileURLWithPath: sealed))
        diary.close()
        _ = try DiaryEntries(store: diary.store).add(text: "Too late")
        #expect(throws: SealedDiaryError.self) { try diary.save() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sealed)) == before)
    }

    @Test func anUnlockedDiarysPageIsNeverKept() {
        let cache = RenderedPageCache()
        _ = cache.page("list-dee/unlocked", revision: 1, keep: false) { _ in "Idle" }
        #expect(cache.cached("list-dee/unlocked", revision: 1) == nil)
        _ = cache.page("list-dee", revision: 1) { _ in "Plain" }
        #expect(cache.cached("list-dee", revision: 1) != nil)
    }
}

/// Where a pause waits until the test lets it go on: once for each `release()`.
private final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = 0

    func next() async {
        await withCheckedContinuation { continuation in
            lock.withLock {
                if released > 0 {
                    released -= 1
                    continuation.resume()
                } else {
                    waiting.append(continuation)
                }
            }
        }
    }

    func release() {
        lock.withLock {
            if waiting.isEmpty { released += 1 } else { waiting.removeFirst().resume() }
        }
    }
}

/// A clock a test moves.
private final class ClockStub: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)
}
