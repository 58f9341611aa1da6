import ArgumentParser
import Diary

/// `casebook diary restore ID`: an entry back from the trash, as it was.
struct DiaryRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Put an entry back from the trash, as it was.")

    @Argument(
        help: "The entry's id, or its first characters when no other entry in the trash starts so."
    )
    var id: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        let typed = id.trimmingCharacters(in: .whitespaces).lowercased()
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let matches = try entries.trashed(limit: DiaryTrashCommand.listed).map(\.entry.id)
                .filter { DiaryCommand.idText($0).hasPrefix(typed) }
            guard !typed.isEmpty, let match = matches.first else {
                throw FailureReport.Message("no entry in the trash has an id starting with \(id)")
            }
            guard matches.count == 1 else {
                throw FailureReport.Message(
                    "'\(id)' is the start of more than one id in the trash: "
                        + matches.map(DiaryCommand.idText).joined(separator: ", "))
            }
            let restored = try entries.restoreFromTrash(id: match)
            try StandardStreams.output("restored \(DiaryCommand.idText(restored.id))")
        }
    }
}
