import ArgumentParser
import CasebookWire
import Diary
import Foundation

/// `casebook diary export`: the whole diary on standard output, as Casebook's JSON (what
/// `diary import` reads back, and `GET /api/diary` gives a page of), as Markdown, or as jrnl's
/// plain-text journal (oldest first, `[YYYY-MM-DD HH:MM] ` before each entry's first line).
struct DiaryExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write the whole diary to standard output: json (default), zip, markdown, jrnl or jrnl-json."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, zip, markdown, jrnl
        case jrnlJSON = "jrnl-json"
        case dayone
    }

    @Option(
        help: """
            json (what diary import reads back as it was), zip (the json with every entry's \
            photos, which diary import also reads back), markdown, jrnl (jrnl's own journal) or \
            jrnl-json (as jrnl --export json writes it), or dayone (a ZIP as Day One exports a \
            journal, with its photos, which Day One imports). jrnl's formats keep no ids, so \
            one imported back adds every entry again.
            """)
    var format: Format = .json

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            var output = OutputBuffer()
            switch format {
            case .json:
                // The starred entries first (few, as stars go), so that each keeps its star.
                let starred = try entries.starredIDs()
                var stream = DiaryEntriesJSONStream()
                stream.start(to: &output.bytes)
                try entries.forEachNewest(limit: Int.max) { entry in
                    stream.write(entry, starred: starred.contains(entry.id), to: &output.bytes)
                    try output.flushIfFull()
                }
                stream.finish(to: &output.bytes)
                output.bytes.append(0x0A)
            case .zip, .dayone:
                guard isatty(STDOUT_FILENO) == 0 else {
                    throw FailureReport.Message(
                        "--format \(format.rawValue): a ZIP is no text to show; write it to a file: > diary.zip"
                    )
                }
                output.bytes +=
                    format == .zip
                    ? try DiaryArchive.zip(of: entries)
                    : try DayOneArchive.zip(of: entries, zone: .current)
            case .jrnlJSON:
                var all: [Entry] = []
                try entries.forEachNewest(limit: Int.max) { all.append($0) }
                all.reverse()
                output.bytes += WireJSON.encode(
                    JrnlExportWire(all, starred: try entries.starredIDs(), zone: .current),
                    indented: true)
                output.bytes.append(0x0A)
            case .markdown, .jrnl:
                var all: [Entry] = []
                try entries.forEachNewest(limit: Int.max) { all.append($0) }
                all.reverse()
                let text =
                    format == .markdown
                    ? DiaryTextExport.markdown(all, zone: .current)
                    : DiaryTextExport.jrnl(all, starred: try entries.starredIDs(), zone: .current)
                output.bytes += Array(text.utf8)
            }
            try output.flush()
        }
    }
}
