import ArgumentParser
import Diary

/// `casebook diary unstar ID`.
struct DiaryUnstarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unstar", abstract: "Take an entry's star away.")

    @Argument(help: DiaryCommand.idHelp)
    var id: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryStarCommand.setStarred(false, id: id, data: data, user: user)
    }
}
