import ArgumentParser
import Diary
import Foundation

/// `casebook diary encrypt`: the diary in the data directory sealed with a passphrase
/// (`SealedDiaryFile`), so that its file holds no readable text; every diary command then asks
/// for the passphrase. On a diary encrypted already, a new passphrase replaces the old.
struct DiaryEncryptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Encrypt the diary with a passphrase, or give an encrypted one a new passphrase.",
        discussion: """
            The diary's file (entries, search index, stars, photos, trash) is sealed with \
            ChaCha20-Poly1305 under a key scrypt derives from the passphrase. A lost \
            passphrase cannot be recovered: without it nobody, Casebook included, can read the \
            diary again. Other diary commands then ask for the passphrase at the terminal, or \
            read it from the file $CASEBOOK_DIARY_PASSPHRASE_FILE names. A server with users \
            unlocks a user's encrypted diary with its passphrase, typed on the diary's page; \
            casebook diary decrypt makes it plain again.
            """)

    @Option(help: "Read the new passphrase from this file's first line (else typed twice).")
    var passphraseFile: String?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await FailureReport.run("diary encrypt") {
            let path = try await DiaryDecryptCommand.plainPath(data: data, user: user)
            let cost = try DiaryPassphrase.cost()
            if CommandServices.isSealed(path) {
                let sealedPath = SealedSQLiteDiary.sealedPath(besides: path)
                let diary = try SealedSQLiteDiary(
                    path: sealedPath, passphrase: try DiaryPassphrase.current(of: sealedPath),
                    cost: cost)
                Self.warn()
                try diary.seal(with: try DiaryPassphrase.new(file: passphraseFile))
                try StandardStreams.output("the diary has a new passphrase: \(sealedPath)")
                return
            }
            guard FileManager.default.fileExists(atPath: path) else {
                throw FailureReport.Message("there is no diary at \(path) to encrypt")
            }
            Self.warn()
            let passphrase = try DiaryPassphrase.new(file: passphraseFile)
            let sealedPath = try SealedSQLiteDiary.encrypt(
                plainAt: path, passphrase: passphrase, cost: cost)
            try StandardStreams.output("encrypted: \(sealedPath)")
        }
    }

    /// Said before a new passphrase is asked for, so that it is known before it is chosen.
    static func warn() {
        StandardStreams.error(
            "casebook diary encrypt: a lost passphrase cannot be recovered: without it nobody, Casebook included, can read this diary again"
        )
    }
}
