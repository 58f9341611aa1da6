import ArgumentParser
import CasebookDataDirectory
import CasebookWire
import Diary
import Foundation

/// `casebook diary`: the diary, through its use cases (`DiaryEntries`).
struct DiaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Add, list, show, edit and remove diary entries.",
        discussion:
            "Entries live in <data directory>/diary.sqlite (diary.sealed once encrypted with diary encrypt).",
        subcommands: [
            DiaryAddCommand.self, DiaryListCommand.self, DiaryShowCommand.self,
            DiaryEditCommand.self, DiaryRemoveCommand.self, DiaryExportCommand.self,
            DiaryImportCommand.self, DiaryTagsCommand.self, DiaryTrashCommand.self,
            DiaryRestoreCommand.self, DiaryStarCommand.self, DiaryUnstarCommand.self,
            DiaryEncryptCommand.self, DiaryDecryptCommand.self,
        ]
    )

    /// Runs `body` with the diary in `data`, turning every failure into a message on standard
    /// error and exit status 1.
    /// Only `creating` commands (add) make a data directory that is not there. With `user`,
    /// the diary is that user's own, as the server shows it to them; without, the shared one,
    /// with a note when the data directory has users (none of whom sees it). With a server,
    /// the diary it shows the token's user.
    static func withEntries(
        data: DataDirectoryOption, user: DiaryUserOption = DiaryUserOption(name: nil),
        creating: Bool = false, _ body: @escaping (DiaryEntries) throws -> Void
    ) async throws {
        try await FailureReport.run("diary") {
            if let server = user.server {
                try await CommandServices.withServerDiary(
                    server: server, token: user.token.apiToken, body)
                return
            }
            if let url = try user.database.url() {
                try await CommandServices.withPostgresDiary(url: url, user: user.name, body)
                return
            }
            let services = creating ? try data.services() : try data.existingServices()
            if let name = user.name {
                guard try await services.hasUser(named: name) else {
                    throw FailureReport.Message("there is no user named '\(name)'")
                }
                try CommandServices.withSQLiteDiary(at: services.diaryPath(of: name), body)
                return
            }
            if try await services.hasUsers() {
                StandardStreams.error(
                    "casebook diary: note: this data directory has users, and this is the diary none of them sees; --user NAME works on a user's own"
                )
            }
            try CommandServices.withSQLiteDiary(at: services.diaryPath(of: nil), body)
        }
    }

    /// Whether the environment leaves the diary in the data directory the one to work on (no
    /// `$CASEBOOK_DATABASE_URL` or `$CASEBOOK_SERVER`), for a command run without the parser.
    /// The two variables alone: Foundation's whole environment, made into a dictionary, costs
    /// a tenth of a search's start.
    static var namesNoOtherDiary: Bool {
        getenv("CASEBOOK_DATABASE_URL") == nil && getenv("CASEBOOK_SERVER") == nil
    }

    /// Runs `body` on the shared diary of `data` without the parser, failures said as the
    /// parser's path says them: the exit status, or nil when `data` has a users' database (the
    /// shared diary then comes with a note, which takes a look at the users).
    static func runWithoutParser(on data: DataDirectoryOption, _ body: () throws -> Void)
        -> Int32?
    {
        let services = CommandServices(layout: DataDirectoryLayout(root: data.url))
        guard !services.hasUsersDatabase, !CommandServices.isSealed(services.diaryPath(of: nil))
        else { return nil }
        do {
            try FailureReport.run("diary", body)
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            Casebook.exit(withError: error)
        }
    }

    /// The help for the id argument of `show`, `edit` and `rm`.
    static let idHelp = ArgumentHelp(
        "The entry's id, or its first characters (at least 4) when no other id starts so.")

    /// `text` without the line breaks that end it (LF or CR LF), as standard input and an
    /// editor end a text: the rest (its indentation, its spaces) is the entry's.
    static func withoutEndingLineBreaks(_ text: String) -> String {
        var bytes = text.utf8[...]
        while bytes.last == 0x0A {
            bytes = bytes.dropLast()
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
        }
        return String(bytes) ?? text
    }

    static func idText(_ id: Entry.ID) -> String {
        id.uuidString.lowercased()
    }

    /// Dates as the diary shows them: long date and short time, in the user's locale.
    static let dates = DiaryDateFormatter()
}

struct DiaryAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an entry (the text, or standard input when none is given).")

    @Argument(
        help: """
            The entry's text. Starting with a moment and ': ', as jrnl reads one \
            ('yesterday 20:30: Walked…'), the entry is dated then.
            """)
    var text: String?

    @Option(
        help: """
            When it happened, in your time zone: 2025-11-02 08:30, today 20:30, yesterday, \
            'last monday 08:15', '3 days ago' or 20:30 (a day alone is at 09:00). Default: now.
            """)
    var date: String?

    @Option(
        name: .customLong("photo"),
        help: ArgumentHelp(
            """
            A photo to put on the entry (JPEG, PNG or WebP, at most 10 MB; where it was taken \
            and the camera's details are removed). Repeat it for several.
            """, valueName: "file"))
    var photos: [String] = []

    @Option(
        name: .customLong("photo-alt"),
        help: ArgumentHelp(
            "What a photo shows, in words: the first for the first --photo, and so on.",
            valueName: "words"))
    var photoAlts: [String] = []

    @OptionGroup var data: DataDirectoryOption

    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await Self.add(
            text, date: date, photos: photos, alts: photoAlts, data: data, user: user)
    }

    /// Runs `casebook diary add` without the command-line parser when its arguments need none:
    /// `diary add [TEXT] [--data DIR]`, in either order, where neither TEXT nor DIR is empty or
    /// starts with `-`. The parser's reflection (type and conformance look-ups across the whole
    /// executable) costs twice what adding the entry does, and a diary written from a shell loop
    /// should start like the `sqlite3` it stands beside. The exit status, or nil when the
    /// arguments need the parser (which then answers exactly as it always has), or when the
    /// data directory has a users' database (the shared diary then comes with a note, which
    /// takes a look at the users). Synchronous: an `await` would start the concurrency pool's
    /// threads, which cost more than the rest of the command.
    static func runDirectly(_ arguments: [String]) -> Int32? {
        guard arguments.starts(with: ["diary", "add"]), DiaryCommand.namesNoOtherDiary else {
            return nil
        }
        func isPlain(_ argument: String) -> Bool { !argument.isEmpty && !argument.hasPrefix("-") }
        var text: String?
        var path: String?
        var rest = arguments.dropFirst(2)
        while let argument = rest.popFirst() {
            if argument == "--data", path == nil, let value = rest.popFirst(), isPlain(value) {
                path = value
            } else if text == nil, isPlain(argument) {
                text = argument
            } else {
                return nil
            }
        }
        let data = DataDirectoryOption(path: path)
        return DiaryCommand.runWithoutParser(on: data) {
            try addEntry(text, to: try data.services().diary())
        }
    }

    /// Adds `text` (standard input when nil) to the diary in `data`; prints the new entry's id.
    private static func add(
        _ text: String?, date: String?, photos: [String] = [], alts: [String] = [],
        data: DataDirectoryOption, user: DiaryUserOption = DiaryUserOption(name: nil)
    ) async throws {
        // Read before anything is opened: a moment that names none, or a file that is no
        // photo, changes nothing.
        var moment: Date?
        var prepared: [(photo: EntryPhotoFile, alt: String)] = []
        try FailureReport.run("diary") {
            moment = try date.map {
                try DiaryMoment.date($0, now: Date(), zone: .autoupdatingCurrent)
            }
            guard alts.count <= photos.count else {
                throw FailureReport.Message(
                    "--photo-alt: \(alts.count) given for \(photos.count) --photo")
            }
            prepared = try photos.enumerated().map { index, path in
                (try DiaryPhotoFiles.prepared(atPath: path), index < alts.count ? alts[index] : "")
            }
        }
        try await DiaryCommand.withEntries(data: data, user: user, creating: true) { entries in
            guard prepared.isEmpty || entries.keepsPhotos else {
                throw FailureReport.Message(
                    "--photo: \(DiaryPhotoError.notKept) (a server's diary takes photos on "
                        + "the entry's page)")
            }
            guard let entry = try addEntry(text, at: moment, to: entries) else { return }
            for (index, photo) in prepared.enumerated() {
                do {
                    try entries.addPhoto(photo.photo, alt: photo.alt, toEntry: entry.id)
                } catch let refusal as DiaryPhotoError {
                    throw FailureReport.Message("\(photos[index]): \(refusal)")
                }
            }
            if !prepared.isEmpty {
                try StandardStreams.output(
                    "with \(prepared.count) \(prepared.count == 1 ? "photo" : "photos")")
            }
        }
    }

    /// Adds `text` (standard input when nil, with a word on how to end it on a terminal), dated
    /// `date`, or as its leading moment says, or now, and prints the new entry's id.
    @discardableResult
    private static func addEntry(_ text: String?, at date: Date? = nil, to entries: DiaryEntries)
        throws -> Entry?
    {
        if text == nil, isatty(STDIN_FILENO) == 1 {
            // As `git commit` does: the editor a person chose writes the entry.
            if let editor = ExternalEditor.chosen() {
                let written = try editor.edit("")
                guard !Entry.isBlank(written) else {
                    try StandardStreams.output("nothing added: the entry was empty")
                    return nil
                }
                return try addDated(
                    DiaryCommand.withoutEndingLineBreaks(written), at: date, to: entries)
            }
            StandardStreams.error(
                "Type the entry, then press Ctrl+D on a line of its own to add it (Ctrl+C cancels)."
            )
        }
        let text = try text ?? DiaryCommand.withoutEndingLineBreaks(StandardStreams.inputText())
        return try addDated(text, at: date, to: entries)
    }

    /// Adds `text` at `date`; without one, at the moment the text starts with (jrnl's
    /// `yesterday 20:30: …`), which is then not part of it; else now.
    @discardableResult
    private static func addDated(_ text: String, at date: Date?, to entries: DiaryEntries) throws
        -> Entry
    {
        var (text, date) = (text, date)
        if date == nil,
            let leading = try DiaryMoment.leading(in: text, now: Date(), zone: .autoupdatingCurrent)
        {
            (text, date) = (leading.text, leading.date)
        }
        let entry = try entries.add(EntryContent(text: text), at: date)
        guard date != nil else {
            try StandardStreams.output("added \(DiaryCommand.idText(entry.id))")
            return entry
        }
        try StandardStreams.output(
            "added \(DiaryCommand.idText(entry.id)), dated \(DiaryCommand.dates.string(from: entry.date))"
        )
        return entry
    }
}

struct DiaryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the newest entries: id, date and text (cut to 80 characters).")

    @Option(help: "How many entries, newest first.")
    var limit = 50

    @Flag(help: "Print JSON as the API gives it: {\"entries\": [{\"id\", \"date\", \"text\"}]}.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Only entries with these words, in any order.",
            discussion:
                "walk* finds words that start with walk; \"au lait\" finds words side by side; case and accents do not matter."
        ))
    var search: String?

    @Option(help: "Only entries from this day on: YYYY-MM-DD, today, yesterday or 'N days ago'.")
    var from: String?

    @Option(help: "Only entries up to this day, whole, named as --from.")
    var to: String?

    @Option(
        name: .customLong("tag"),
        help: "Only entries with this tag (written #tag in the text); repeat for more.")
    var tags: [String] = []

    @Flag(help: "Only starred entries (diary star ID stars one).")
    var starred = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
        // The words and the days' spelling, before the diary is opened; which day `today`
        // is, when it is.
        let anyDay = DiaryDay(year: 2000, month: 1, day: 1)
        do {
            _ = try DiaryQuery(
                search: search, from: from, to: to, tags: tags, today: anyDay, zone: .gmt)
        } catch {
            let option =
                switch error {
                case .search: "--search"
                case .from: "--from"
                case .to: "--to"
                case .tag, .tooManyTags: "--tag"
                }
            throw ValidationError(VisibleText.escaping("\(option): \(error)"))
        }
    }

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            try list(entries)
        }
    }

    /// Writes the entries asked for to standard output.
    func list(_ entries: DiaryEntries) throws {
        var query = try DiaryQuery(
            search: search, from: from, to: to, tags: tags,
            today: entries.today(in: .current), zone: .current)
        query.starredOnly = starred
        try Self.write(entries, matching: query, limit: limit, json: json)
    }

    /// Writes the newest `limit` entries `query` finds to standard output, streamed: one entry
    /// at a time from the store, written in large pieces.
    static func write(_ entries: DiaryEntries, matching query: DiaryQuery, limit: Int, json: Bool)
        throws
    {
        var output = OutputBuffer()
        if json {
            var stream = DiaryEntriesJSONStream()
            stream.start(to: &output.bytes)
            try entries.forEachNewest(matching: query, limit: limit) { entry in
                // A search's results say where each has the words found, as the API's do.
                stream.write(
                    entry, starred: false, marks: query.search?.marks(in: entry.text),
                    to: &output.bytes)
                try output.flushIfFull()
            }
            stream.finish(to: &output.bytes)
            output.bytes.append(0x0A)
        } else {
            var lines = DiaryListLines(dates: DiaryCommand.dates)
            try entries.forEachNewest(matching: query, limit: limit) { entry in
                lines.write(entry, to: &output.bytes)
                try output.flushIfFull()
            }
        }
        try output.flush()
    }

    /// Runs `casebook diary list` without the command-line parser when its arguments need none
    /// — `diary list` with any of `--search WORDS`, `--limit N` and `--data DIR`, each once,
    /// none of their values empty or starting with `-` — as `DiaryAddCommand.runDirectly`
    /// does, and for the same reason: the parser's reflection costs more than a search. The
    /// exit status, or nil when the parser must answer: other arguments, a limit or search it
    /// would refuse (it then says so exactly as it always has), a diary named by the
    /// environment, or a data directory with users (whose note the parser's path gives).
    static func runDirectly(_ arguments: [String]) -> Int32? {
        guard arguments.starts(with: ["diary", "list"]), DiaryCommand.namesNoOtherDiary else {
            return nil
        }
        var (search, limit, path): (String?, Int, String?) = (nil, 50, nil)
        var seen: Set<String> = []
        var rest = arguments.dropFirst(2)
        while let option = rest.popFirst() {
            guard seen.insert(option).inserted, let value = rest.popFirst(), !value.isEmpty,
                !value.hasPrefix("-")
            else { return nil }
            switch option {
            case "--search": search = value
            case "--limit":
                guard let number = Int(value), number >= 1 else { return nil }
                limit = number
            case "--data": path = value
            default: return nil
            }
        }
        // Which day `today` is matters only to --from and --to, which take the parser's path.
        guard
            let query = try? DiaryQuery(
                search: search, from: nil, to: nil, tags: [],
                today: DiaryDay(year: 2000, month: 1, day: 1), zone: .current)
        else { return nil }
        let data = DataDirectoryOption(path: path)
        return DiaryCommand.runWithoutParser(on: data) {
            try write(
                try data.existingServices().diary(), matching: query, limit: limit, json: false)
        }
    }
}

struct DiaryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one entry in full.")

    @Argument(help: DiaryCommand.idHelp)
    var id: String

    @Flag(help: "Print JSON as the API gives it: {\"id\", \"date\", \"text\"}.")
    var json = false

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let entry = try entries.entry(matching: id)
            if json {
                try StandardStreams.outputJSON(DiaryEntryWire(entry))
            } else {
                try StandardStreams.output(
                    "\(DiaryCommand.dates.string(from: entry.date))\n\n\(entry.text)")
            }
        }
    }
}

struct DiaryEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Replace an entry's text.")

    @Argument(help: DiaryCommand.idHelp)
    var id: String

    @Argument(help: "The new text (on a terminal without it: $VISUAL or $EDITOR opens).")
    var text: String?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let current = try entries.entry(matching: id)
            let newText: String
            if let text {
                newText = text
            } else if isatty(STDIN_FILENO) == 1, let editor = ExternalEditor.chosen() {
                newText = DiaryCommand.withoutEndingLineBreaks(try editor.edit(current.text))
                // Left as it was, but for the line break an editor ends a file with.
                let unchanged = newText.utf8.elementsEqual(
                    DiaryCommand.withoutEndingLineBreaks(current.text).utf8)
                guard !Entry.isBlank(newText), !unchanged else {
                    try StandardStreams.output("nothing changed")
                    return
                }
            } else {
                throw FailureReport.Message(
                    "give the new text, or run on a terminal with $VISUAL or $EDITOR set")
            }
            // The text alone changes: every other field of the content stays as it is.
            var content = current.content
            content.text = newText
            let entry = try entries.update(id: current.id, to: content)
            try StandardStreams.output("updated \(DiaryCommand.idText(entry.id))")
        }
    }
}

struct DiaryRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove an entry.")

    @Argument(help: DiaryCommand.idHelp)
    var id: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        try await DiaryCommand.withEntries(data: data, user: user) { entries in
            let entry = try entries.remove(id: try entries.entry(matching: id).id)
            try StandardStreams.output("removed \(DiaryCommand.idText(entry.id))")
        }
    }
}
