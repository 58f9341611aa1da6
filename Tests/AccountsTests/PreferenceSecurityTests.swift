import Accounts
import CasebookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The password is never stored in plaintext")
struct PreferenceSecurityTests {
    let password = "correct horse battery staple"
    let temporary: TemporaryDirectory
    var directory: URL { temporary.url }

    init() throws {
        temporary = try TemporaryDirectory()
    }

    func permissions(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
            ?? -1
    }

    func allBytes(in directory: URL) throws -> Data {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .reduce(into: Data()) { $0.append(try Data(contentsOf: $1)) }
    }

    @Test func everyByteTheStoreWritesIsFreeOfThePassword() throws {
        let store = try PreferenceVault.open(in: directory)
        let controller = StorageController(persistenceStore: store)
        try controller.save(preference: .save(Credential(username: "ada", password: password)))
        let written = try allBytes(in: directory)
        #expect(!written.isEmpty)
        #expect(written.range(of: Data(password.utf8)) == nil)
        #expect(written.range(of: Data(Data(password.utf8).base64EncodedString().utf8)) == nil)
        #expect(
            try controller.loadPreference()
                == .save(Credential(username: "ada", password: password)))
    }

    @Test func itsFilesAreReadableByTheOwnerOnly() throws {
        let store = try PreferenceVault.open(in: directory)
        try StorageController(persistenceStore: store).save(preference: .never)
        let files = try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: nil)
        #expect(files.count == 2)
        for file in files { #expect(try permissions(file) == 0o600, "\(file.lastPathComponent)") }
    }

    /// Whatever is at the key's path is read only if it is a regular file, never waited on
    /// (a FIFO) or followed (a link), and is a key only if it holds exactly 32 bytes.
    @Test func aKeyFileThatIsNotAKeyIsRefusedUnreadAndNamed() throws {
        let key = directory.appendingPathComponent(PreferenceVault.keyFileName)
        let cases: [(make: () throws -> Void, reason: String)] = [
            ({ #expect(mkfifo(key.path, 0o600) == 0) }, "it is a FIFO, not a regular file"),
            ({ try Data(count: 33).write(to: key) }, "it is not a preference key (32 bytes)"),
            ({ try Data(count: 31).write(to: key) }, "it is not a preference key (32 bytes)"),
            (
                {
                    let target = self.directory.appendingPathComponent("elsewhere")
                    try Data(count: 32).write(to: target)
                    try FileManager.default.createSymbolicLink(
                        at: key, withDestinationURL: target)
                }, "it is a symbolic link, which is not followed here"
            ),
        ]
        for (make, reason) in cases {
            try? FileManager.default.removeItem(at: key)
            try make()
            #expect(throws: PreferenceStoreError.fileUnusable(path: key.path, reason: reason)) {
                try PreferenceVault.open(in: directory)
            }
        }
    }

    @Test func reopeningUsesTheSameKey() throws {
        try StorageController(persistenceStore: try PreferenceVault.open(in: directory))
            .save(preference: .save(Credential(username: "a", password: password)))
        let reopened = StorageController(persistenceStore: try PreferenceVault.open(in: directory))
        #expect(
            try reopened.loadPreference() == .save(Credential(username: "a", password: password)))
    }

    @Test func aTamperedFileIsAClearErrorNeverAWrongPreference() throws {
        let store = try PreferenceVault.open(in: directory)
        let controller = StorageController(persistenceStore: store)
        try controller.save(preference: .never)
        let file = directory.appendingPathComponent(PreferenceVault.preferencesFileName)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: file)
        #expect {
            try StorageController(persistenceStore: try PreferenceVault.open(in: directory))
                .loadPreference()
        } throws: { error in
            "\(error)".contains(file.path)
        }
    }

    @Test func aValueSealedUnderAnotherKeyIsTampered() throws {
        try StorageController(persistenceStore: try PreferenceVault.open(in: directory))
            .save(preference: .never)
        try FileManager.default.removeItem(
            at: directory.appendingPathComponent(PreferenceVault.keyFileName))
        let file = directory.appendingPathComponent(PreferenceVault.preferencesFileName)
        #expect(throws: PreferenceStoreError.tampered(path: file.path)) {
            try StorageController(persistenceStore: try PreferenceVault.open(in: directory))
                .loadPreference()
        }
    }

    @Test func aCorruptedKeyFileIsAClearError() throws {
        _ = try PreferenceVault.open(in: directory)
        let keyFile = directory.appendingPathComponent(PreferenceVault.keyFileName)
        try Data("short".utf8).write(to: keyFile)
        #expect {
            try PreferenceVault.open(in: directory)
        } throws: { error in
            "\(error)".contains(keyFile.path)
        }
    }

    @Test func theRemoteFormCarriesTheChoiceAndUsernameNeverThePassword() throws {
        let form = PreferenceChoice(.save(Credential(username: "ada", password: password)))
        let body = try JSONEncoder().encode(form)
        #expect(String(decoding: body, as: UTF8.self).contains("ada"))
        #expect(body.range(of: Data(password.utf8)) == nil)
        #expect(form == PreferenceChoice(choice: .save, username: "ada"))
        #expect(PreferenceChoice(.never) == PreferenceChoice(choice: .never, username: nil))
    }
}
