import ArgumentParser
import Diary

/// `casebook diary star ID` and `casebook diary unstar ID`: an entry starred, or its star
/// taken away; `diary list --starred` lists the starred ones.
struct DiaryStarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "star", abstract: "Star an entry (diary list --starred lists them).")

    @Argument(help: DiaryCommand.idHelp)
    var id: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await Self.setStarred(true, id: id, data: data, user: user)
    }

    /// Stars the entry `id` names (or takes its star away) and says so.
    static func setStarred(
        _ starred: Bool, id: String, data: DataDirectoryOption, user: DiaryUserOption
    ) async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let entry = try entries.entry(matching: id)
            try entries.setStarred(starred, id: entry.id)
            try StandardStreams.output(
                (starred ? "starred " : "unstarred ") + DiaryCommand.idText(entry.id))
        }
    }
}
