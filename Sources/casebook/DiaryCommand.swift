import ArgumentParser
import Diary
import Foundation

/// `casebook diary`: the diary, through the same router and screens as the web pages.
struct DiaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Add, list, show, edit and remove diary entries.",
        discussion: "Entries live in <data directory>/diary.sqlite.",
        subcommands: [
            DiaryAddCommand.self, DiaryListCommand.self, DiaryShowCommand.self,
            DiaryEditCommand.self, DiaryRemoveCommand.self,
        ]
    )

    /// Runs `body` with a router over the diary in `data`, turning every failure into a message
    /// on standard error and exit status 1.
    static func withRouter(
        data: DataDirectoryOption, _ body: (DiaryRouter, LatestScreens) throws -> Void
    ) throws {
        try FailureReport.run("diary") {
            let store = try SQLiteDiaryStore(
                path: try data.createdURL().appendingPathComponent("diary.sqlite").path)
            let screens = LatestScreens()
            let router = DiaryRouter(navigation: screens, factory: DiaryScreenFactory(store: store))
            try body(router, screens)
        }
    }

    /// Runs `body` with the detail screen of the entry `id` names, shown by the router.
    static func withEntry(
        id: String, data: DataDirectoryOption,
        _ body: (DiaryRouter, EntryDetailScreen) throws -> Void
    ) throws {
        try withRouter(data: data) { router, screens in
            try router.showDetail(matching: id)
            if let detail = screens.detail { try body(router, detail) }
        }
    }

    /// The help for the id argument of `show`, `edit` and `rm`.
    static let idHelp = ArgumentHelp(
        "The entry's id, or its first characters (at least 4) when no other id starts so.")

    static func idText(_ id: Entry.ID) -> String {
        id.uuidString.lowercased()
    }
}

struct DiaryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an entry (the text, or standard input when none is given).")

    @Argument(help: "The entry's text.")
    var text: String?

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        try DiaryCommand.withRouter(data: data) { router, screens in
            let text = try self.text ?? StandardStreams.inputText()
            try router.showNewEntry()
            guard let detail = screens.detail else { return }
            detail.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let entry = try detail.performAction()
            StandardStreams.output("added \(DiaryCommand.idText(entry.id))")
        }
    }
}

struct DiaryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the newest entries: id, date and text (cut to 80 characters).")

    @Option(help: "How many entries, newest first.")
    var limit = 50

    @Flag(help: "Print JSON: [{\"id\", \"date\", \"text\"}].")
    var json = false

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        try DiaryCommand.withRouter(data: data) { router, screens in
            try router.showList(limit: limit)
            let rows = screens.list?.rows ?? []
            if json {
                let objects = rows.map {
                    ["id": DiaryCommand.idText($0.id), "date": $0.subtitle, "text": $0.text]
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                StandardStreams.output(String(decoding: try encoder.encode(objects), as: UTF8.self))
            } else {
                for row in rows {
                    let text = row.text.replacingOccurrences(of: "\n", with: " ")
                    StandardStreams.output(
                        "\(DiaryCommand.idText(row.id))  \(row.subtitle)  \(text)")
                }
            }
        }
    }
}

struct DiaryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one entry in full.")

    @Argument(
        help: DiaryCommand.idHelp)
    var id: String

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        try DiaryCommand.withEntry(id: id, data: data) { _, detail in
            StandardStreams.output("\(detail.title)\n\n\(detail.text)")
        }
    }
}

struct DiaryEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Replace an entry's text.")

    @Argument(
        help: DiaryCommand.idHelp)
    var id: String

    @Argument(help: "The new text.")
    var text: String

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        try DiaryCommand.withEntry(id: id, data: data) { _, detail in
            detail.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let entry = try detail.performAction()
            StandardStreams.output("updated \(DiaryCommand.idText(entry.id))")
        }
    }
}

struct DiaryRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove an entry.")

    @Argument(
        help: DiaryCommand.idHelp)
    var id: String

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        try DiaryCommand.withEntry(id: id, data: data) { router, detail in
            guard let entry = detail.entry else { return }
            try router.delete(entry)
            StandardStreams.output("removed \(DiaryCommand.idText(entry.id))")
        }
    }
}
