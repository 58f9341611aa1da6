import CasebookTestSupport
import Diary
import Foundation
import Testing

@testable import DiarySQLite

/// A diary encrypted at rest (`SealedDiaryFile`, `SealedSQLiteDiary`): the file holds no
/// readable text, the right passphrase opens it whole and searchable, and a wrong passphrase,
/// a file cut short or a changed byte is refused, saying which, with nothing changed.
@Suite("An encrypted diary")
struct SealedDiaryTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static let passphrase = "correct horse battery staple"

    /// A new plain diary in `directory`, encrypted, then opened: its sealed file's path and
    /// the opened diary.
    static func openedDiary(in directory: TemporaryDirectory, entries: [String] = [])
        throws -> SealedSQLiteDiary
    {
        let plain = directory.appending("d-\(UUID().uuidString).sqlite").path
        let store = try SQLiteDiaryStore(path: plain, connections: .one)
        for text in entries { _ = try DiaryEntries(store: store).add(text: text) }
        let sealed = try SealedSQLiteDiary.encrypt(
            plainAt: plain, passphrase: passphrase, cost: .forTests)
        return try SealedSQLiteDiary(path: sealed, passphrase: passphrase, cost: .forTests)
    }

    /// The entries `text` finds, newest first.
    static func search(_ entries: DiaryEntries, _ text: String) throws -> [Entry] {
        try entries.newest(
            matching: DiaryQuery(search: try DiarySearch(text)), limit: 100, after: nil)
    }

    @Test func aSealedFileHoldsNoTextAndOpensOnlyWithItsPassphrase() throws {
        let plain = Array("Dear diary: the harbour at dawn, 日記 and 🌊".utf8)
        let sealed = try SealedDiaryFile.seal(plain, passphrase: Self.passphrase, cost: .forTests)
        #expect(SealedDiaryFile.isSealed(sealed))
        #expect(!Data(sealed).contains(Data("harbour".utf8)))
        #expect(try SealedDiaryFile.open(sealed, passphrase: Self.passphrase) == plain)
        #expect(throws: SealedDiaryError.wrongPassphrase) {
            try SealedDiaryFile.open(sealed, passphrase: "correct horse battery stapler")
        }
        // The same text sealed twice gives other bytes: a new salt and nonce each time.
        #expect(
            try SealedDiaryFile.seal(plain, passphrase: Self.passphrase, cost: .forTests) != sealed)
    }

    @Test func aPassphraseIsTheSameWhicheverWayItsAccentsAreTyped() throws {
        let sealed = try SealedDiaryFile.seal(
            [1, 2, 3], passphrase: "caf\u{E9} au lait", cost: .forTests)
        #expect(try SealedDiaryFile.open(sealed, passphrase: "cafe\u{301} au lait") == [1, 2, 3])
    }

    @Test func aFileCutShortOrChangedIsRefusedAsSuch() throws {
        let sealed = try SealedDiaryFile.seal(
            Array(repeating: 7, count: 1000), passphrase: Self.passphrase, cost: .forTests)
        for cut in [0, 10, SealedDiaryFile.headerLength + 5, sealed.count - 1] {
            #expect(throws: SealedDiaryError.self) {
                try SealedDiaryFile.open(Array(sealed[..<cut]), passphrase: Self.passphrase)
            }
        }
        #expect(throws: SealedDiaryError.notSealed) {
            try SealedDiaryFile.open(Array("SQLite format 3\0".utf8), passphrase: Self.passphrase)
        }
        // A byte of the ciphertext, and a byte of the header it authenticates.
        for place in [sealed.count - 40, SealedDiaryFile.magic.count + 4] {
            var changed = sealed
            changed[place] ^= 0x01
            let error = #expect(throws: SealedDiaryError.self) {
                try SealedDiaryFile.open(changed, passphrase: Self.passphrase)
            }
            if case .damaged(let reason) = error {
                #expect(reason.contains("changed or cut short"), "\(reason)")
            } else if place > SealedDiaryFile.magic.count {
                // A changed salt derives another key: it reads as a wrong passphrase.
                #expect(error == .wrongPassphrase)
            }
        }
        var costly = sealed
        costly[SealedDiaryFile.magic.count + 1] = 30
        let error = #expect(throws: SealedDiaryError.self) {
            try SealedDiaryFile.open(costly, passphrase: Self.passphrase)
        }
        #expect("\(error!)".contains("out of bounds"))
    }

    @Test func anEncryptedDiaryIsWholeSearchableAndSealedBackWhenChanged() throws {
        let diary = try Self.openedDiary(
            in: directory, entries: ["Swam at the harbour", "今日は日記を書いた", "Waves 🌊 all day"])
        let sealedPath = diary.path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sealedPath))
        for text in ["harbour", "Swam", "日記", "🌊"] {
            #expect(!bytes.contains(Data(text.utf8)), "\(text) is readable in the file")
        }
        #expect(!FileManager.default.fileExists(atPath: String(sealedPath.dropLast(7)) + ".sqlite"))
        let entries = DiaryEntries(store: diary.store)
        #expect(try Self.search(entries, "harbour").map(\.text) == ["Swam at the harbour"])
        #expect(try Self.search(entries, "日記").count == 1)
        #expect(try Self.search(entries, "🌊").count == 1)
        #expect(!diary.hasChanges)
        _ = try entries.add(text: "A new entry, sealed")
        #expect(diary.hasChanges)
        try diary.save()
        diary.close()
        let reopened = try SealedSQLiteDiary(path: sealedPath, passphrase: Self.passphrase)
        #expect(try Self.search(DiaryEntries(store: reopened.store), "sealed").count == 1)
        #expect(try reopened.store.count() == 4)
    }

    @Test func aWrongPassphraseChangesNothing() throws {
        let diary = try Self.openedDiary(in: directory, entries: ["One"])
        let before = try Data(contentsOf: URL(fileURLWithPath: diary.path))
        let path = diary.path
        diary.close()
        #expect(throws: SealedDiaryError.wrongPassphrase) {
            try SealedSQLiteDiary(path: path, passphrase: "not the passphrase")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aNewPassphraseReplacesTheOld() throws {
        let diary = try Self.openedDiary(in: directory, entries: ["One"])
        try diary.seal(with: "a new passphrase")
        let path = diary.path
        diary.close()
        #expect(throws: SealedDiaryError.wrongPassphrase) {
            try SealedSQLiteDiary(path: path, passphrase: Self.passphrase)
        }
        #expect(
            try SealedSQLiteDiary(path: path, passphrase: "a new passphrase").store.count() == 1)
    }

    @Test func aDecryptedDiaryIsThePlainOneAgainAndASealedOneIsNeverOpenedAsPlain() throws {
        let diary = try Self.openedDiary(in: directory, entries: ["One", "Two"])
        let sealedPath = diary.path
        let plainPath = String(sealedPath.dropLast(7)) + ".sqlite"
        diary.close()
        #expect(throws: SealedDiaryError.sealed(path: sealedPath)) {
            try SQLiteDiaryStore(path: plainPath)
        }
        #expect(!FileManager.default.fileExists(atPath: plainPath), "no plain diary made")
        try SealedSQLiteDiary.decrypt(
            sealedAt: sealedPath, to: plainPath, passphrase: Self.passphrase)
        #expect(!FileManager.default.fileExists(atPath: sealedPath))
        let store = try SQLiteDiaryStore(path: plainPath)
        #expect(
            try store.newestEntries(limit: 10, offset: 0).map(\.text).sorted() == ["One", "Two"])
        #expect(try Self.search(DiaryEntries(store: store), "two").count == 1)
    }

    @Test func aDiaryOpenInOneCommandIsNotOpenedByAnother() throws {
        let diary = try Self.openedDiary(in: directory, entries: ["One"])
        let path = diary.path
        let error = #expect(throws: SealedDiaryError.self) {
            try SealedSQLiteDiary(path: path, passphrase: Self.passphrase)
        }
        #expect("\(error!)".contains(SealedSQLiteDiary.busyReason))
        diary.close()
        #expect(try SealedSQLiteDiary(path: path, passphrase: Self.passphrase).store.count() == 1)
    }
}
