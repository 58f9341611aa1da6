import ArgumentParser
import CasebookWire
import Diary

/// `casebook diary tags`: every tag written in the entries (`#walk`), with how many entries
/// have it, most used first.
struct DiaryTagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "List the tags of the entries, most used first.")

    @Flag(help: "Print JSON as the API gives it: {\"tags\": [{\"tag\", \"count\"}]}.")
    var json = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let counts = try entries.tagCounts()
            if json {
                try StandardStreams.outputJSON(DiaryTagsWire(counts))
                return
            }
            guard !counts.isEmpty else { return }
            var table = TextTable(header: ["TAG", "ENTRIES"])
            for count in counts { table.rows.append([count.tag, "\(count.count)"]) }
            for line in table.lines { try StandardStreams.output(line) }
        }
    }
}
