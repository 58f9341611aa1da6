import CasebookTestSupport
import Foundation
import Testing

/// `casebook diary encrypt` and `decrypt`, and every other diary command on an encrypted
/// diary, as a diarist runs them: the passphrase from the file
/// `$CASEBOOK_DIARY_PASSPHRASE_FILE` names.
@Suite("casebook diary encrypt")
struct DiaryEncryptCommandTests {
    let directory: TemporaryDirectory
    let data: String
    let passphraseFile: String

    init() throws {
        directory = try TemporaryDirectory()
        data = directory.appending("data").path
        passphraseFile = directory.appending("passphrase").path
        try Data("a long enough passphrase\n".utf8).write(to: URL(fileURLWithPath: passphraseFile))
    }

    func diary(
        _ arguments: [String], passphraseFile file: String? = nil, input: String = ""
    ) throws -> CasebookExecutable.Result {
        try CasebookExecutable.run(
            ["diary"] + arguments + ["--data", data], input: input,
            environment: ["CASEBOOK_DIARY_PASSPHRASE_FILE": file ?? passphraseFile])
    }

    @Test func anEncryptedDiaryHoldsNoTextAndWorksWithItsPassphrase() throws {
        #expect(try diary(["add", "Swam at the harbour"]).status == 0)
        #expect(try diary(["add", "今日は日記を書いた"]).status == 0)
        let encrypted = try diary(["encrypt", "--passphrase-file", passphraseFile])
        #expect(encrypted.status == 0, "\(encrypted.standardError)")
        #expect(encrypted.standardOutput == "encrypted: \(data)/diary.sealed\n")
        #expect(encrypted.standardError.contains("a lost passphrase cannot be recovered"))
        #expect(!FileManager.default.fileExists(atPath: data + "/diary.sqlite"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: data + "/diary.sealed"))
        #expect(!bytes.contains(Data("harbour".utf8)) && !bytes.contains(Data("日記".utf8)))

        let added = try diary(["add", "Sealed and added"])
        #expect(added.status == 0, "\(added.standardError)")
        let found = try diary(["list", "--search", "harbour"])
        #expect(found.status == 0 && found.standardOutput.contains("Swam at the harbour"))
        #expect(try diary(["list", "--search", "日記"]).standardOutput.contains("今日は日記を書いた"))
        #expect(try diary(["list"]).standardOutput.contains("Sealed and added"))
        #expect(!FileManager.default.fileExists(atPath: data + "/diary.sqlite"), "nothing plain")

        let decrypted = try diary(["decrypt"])
        #expect(decrypted.status == 0, "\(decrypted.standardError)")
        #expect(!FileManager.default.fileExists(atPath: data + "/diary.sealed"))
        let plain = try CasebookExecutable.run(["diary", "list", "--data", data])
        #expect(plain.standardOutput.contains("Sealed and added"))
        #expect(plain.standardOutput.contains("Swam at the harbour"))
    }

    @Test func aWrongPassphraseSaysSoAndChangesNothing() throws {
        #expect(try diary(["add", "One"]).status == 0)
        #expect(try diary(["encrypt", "--passphrase-file", passphraseFile]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: data + "/diary.sealed"))
        let wrong = directory.appending("wrong").path
        try Data("not the passphrase".utf8).write(to: URL(fileURLWithPath: wrong))
        for arguments in [["add", "Two"], ["list"], ["decrypt"]] {
            let refused = try diary(arguments, passphraseFile: wrong)
            #expect(refused.status == 1)
            #expect(
                refused.standardError.hasSuffix(
                    "the passphrase is wrong; the diary is unchanged\n"),
                "\(refused.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: data + "/diary.sealed")) == before)
        let missing = try diary(["list"], passphraseFile: directory.appending("none").path)
        #expect(missing.status == 1 && missing.standardError.contains("none: "))
    }

    @Test func aShortNewPassphraseIsRefusedAndANewOneReplacesTheOld() throws {
        #expect(try diary(["add", "One"]).status == 0)
        let short = directory.appending("short").path
        try Data("short".utf8).write(to: URL(fileURLWithPath: short))
        let refused = try diary(["encrypt", "--passphrase-file", short])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("shorter than 8 characters"))
        #expect(FileManager.default.fileExists(atPath: data + "/diary.sqlite"), "still plain")

        #expect(try diary(["encrypt", "--passphrase-file", passphraseFile]).status == 0)
        let next = directory.appending("next").path
        try Data("another long passphrase".utf8).write(to: URL(fileURLWithPath: next))
        let rekeyed = try diary(["encrypt", "--passphrase-file", next])
        #expect(rekeyed.status == 0, "\(rekeyed.standardError)")
        #expect(rekeyed.standardOutput.hasPrefix("the diary has a new passphrase"))
        #expect(try diary(["list"]).status == 1)
        #expect(try diary(["list"], passphraseFile: next).standardOutput.contains("One"))
    }
}
