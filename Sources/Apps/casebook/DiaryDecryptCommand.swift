import ArgumentParser
import Diary
import Foundation

/// `casebook diary decrypt`: an encrypted diary written back as its plain SQLite file, which
/// a server can open again.
struct DiaryDecryptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Write an encrypted diary back as a plain one, which a server can open.")

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await FailureReport.run("diary decrypt") {
            let path = try await Self.plainPath(data: data, user: user)
            let sealedPath = SealedSQLiteDiary.sealedPath(besides: path)
            guard CommandServices.isSealed(path) else {
                throw FailureReport.Message("the diary at \(path) is not encrypted")
            }
            try SealedSQLiteDiary.decrypt(
                sealedAt: sealedPath, to: path,
                passphrase: try DiaryPassphrase.current(of: sealedPath))
            try StandardStreams.output("decrypted: \(path)")
        }
    }

    /// The plain file of the diary `user` names in `data`: encryption is for a diary in the
    /// data directory, not one in PostgreSQL or behind a server.
    static func plainPath(data: DataDirectoryOption, user: DiaryUserOption) async throws
        -> String
    {
        guard user.server == nil, try user.database.url() == nil else {
            throw FailureReport.Message(
                "only a diary in the data directory can be encrypted, not one in PostgreSQL or on a server"
            )
        }
        let services = try data.existingServices()
        if let name = user.name, !(try await services.hasUser(named: name)) {
            throw FailureReport.Message("there is no user named '\(name)'")
        }
        return services.diaryPath(of: user.name)
    }
}
