import ArgumentParser
import CasebookWire
import Diary

/// `casebook diary trash`: the entries removed in the last 30 days, newest removal first.
struct DiaryTrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List the entries removed in the last 30 days, newest removal first.",
        discussion: "diary restore ID puts one back.")

    @Flag(
        help:
            "Print JSON as the API gives it: {\"entries\": [{\"id\", \"date\", \"text\", \"removedAt\"}]}."
    )
    var json = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let trashed = try entries.trashed(limit: Self.listed)
            if json {
                try StandardStreams.outputJSON(TrashedEntriesWire(trashed))
                return
            }
            guard !trashed.isEmpty else { return }
            var table = TextTable(header: ["ID", "REMOVED", "TEXT"])
            for item in trashed {
                table.rows.append([
                    DiaryCommand.idText(item.entry.id),
                    DiaryCommand.dates.string(from: item.removedAt),
                    VisibleText.line(item.entry.preview),
                ])
            }
            for line in table.lines { try StandardStreams.output(line) }
        }
    }

    /// The most entries listed.
    static let listed = 1_000
}
