import ArgumentParser
import CasebookFileSystem
import CasebookWire
import Diary
import Foundation

/// `casebook diary import FILE`: the entries of a file `diary export` wrote, added with their
/// ids, dates (to the millisecond) and text. The whole file is checked before anything is
/// added, so a malformed one is refused whole, naming the entry, and the entries are added in
/// one transaction; an entry already there (by its id) is left as it is, so importing a file
/// twice adds nothing twice.
struct DiaryImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the entries of a Casebook, Day One or jrnl file, each once.",
        discussion: """
            casebook: the JSON diary export writes. dayone: the Journal.json of a Day One \
            export (its tags become #tags at the end of the text; entries without text are \
            skipped). jrnl: jrnl's plain-text journal, its minutes in this machine's time zone \
            (each entry's id is made of its minute and text, so a second import adds nothing).
            """)

    /// The file formats read.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case casebook, dayone, jrnl
    }

    /// The largest file read: some 200,000 entries of a page each.
    static let limit = 512 * 1024 * 1024

    @Argument(help: "The file.")
    var file: String

    @Option(help: "casebook, dayone or jrnl; by default, told from the file.")
    var format: Format?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        let path = file
        let format = format
        try await DiaryCommand.withEntries(data: data, user: user, creating: true) { entries in
            let file = try Self.read(path, format: format)
            let added = try entries.restore(contentsOf: file.entries)
            for id in file.starred { try entries.setStarred(true, id: id) }
            try StandardStreams.output(
                "imported \(added), already there \(file.entries.count - added)"
                    + (file.skipped > 0 ? ", skipped \(file.skipped) without text" : ""))
        }
    }

    /// What a file brings: its entries, how many were skipped for having no text, and which
    /// entries it starred (Day One's).
    struct ReadFile {
        var entries: [Entry]
        var skipped = 0
        var starred: [Entry.ID] = []
    }

    /// The file at `path` in `format` (told from the file without one), read once; a refusal
    /// names the file and the entry or line.
    static func read(_ path: String, format: Format?) throws -> ReadFile {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(atPath: path, limit: limit, followingSymlink: true)
        } catch {
            throw FailureReport.Message("\(path): \(error)")
        }
        switch format ?? (isJSON(bytes) ? nil : .jrnl) {
        case .casebook: return ReadFile(entries: try entries(inFile: path, bytes: bytes))
        case .dayone: return try dayOneEntries(inFile: path, bytes: bytes)
        case .jrnl: return ReadFile(entries: try jrnlEntries(inFile: path, bytes: bytes))
        case nil:
            // JSON: Casebook's own, or else Day One's; refused as Casebook's when neither.
            do {
                return ReadFile(entries: try entries(inFile: path, bytes: bytes))
            } catch let casebook {
                guard let dayOne = try? dayOneEntries(inFile: path, bytes: bytes) else {
                    throw casebook
                }
                return dayOne
            }
        }
    }

    /// Whether `bytes` look like JSON rather than a jrnl journal: they start with `{`, or with
    /// a `[` that opens no `[YYYY-` of a jrnl entry.
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        let start = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        switch start.first {
        case UInt8(ascii: "{"): return true
        case UInt8(ascii: "["):
            let year = start.dropFirst().prefix(5)
            return
                !(year.count == 5 && year.prefix(4).allSatisfy { (0x30...0x39).contains($0) }
                && year.last == UInt8(ascii: "-"))
        default: return false
        }
    }

    /// The entries of a Day One export, how many had no text, and the starred ones.
    static func dayOneEntries(inFile path: String, bytes: [UInt8]) throws -> ReadFile {
        let journal: DayOneJournalWire
        do {
            journal = try WireJSON.decode(
                DayOneJournalWire.self, from: bytes, shape: DayOneJournalWire.shape)
        } catch {
            throw FailureReport.Message("\(path): \(Self.fileMessage(error.message))")
        }
        var file = ReadFile(entries: [])
        for (index, item) in journal.entries.enumerated() {
            do {
                guard let entry = try dayOneEntry(item) else {
                    file.skipped += 1
                    continue
                }
                file.entries.append(entry)
                if item.starred == true { file.starred.append(entry.id) }
            } catch {
                throw FailureReport.Message("\(path): entry \(index + 1): \(error)")
            }
        }
        return file
    }

    /// A Day One entry as a diary entry: its uuid as the id, its tags as `#tags` at the end of
    /// the text (spaces as `-`), unless the text has them; nil when it has no text.
    static func dayOneEntry(_ item: DayOneJournalWire.Entry) throws -> Entry? {
        let hex = item.uuid.replacingOccurrences(of: "-", with: "")
        guard hex.utf8.count == 32, hex.allSatisfy(\.isHexDigit) else {
            throw FailureReport.Message("'\(item.uuid)' is not a Day One uuid (32 hex digits)")
        }
        let dashed = [(0, 8), (8, 12), (12, 16), (16, 20), (20, 32)].map { start, end in
            String(hex.dropFirst(start).prefix(end - start))
        }.joined(separator: "-")
        guard let id = UUID(uuidString: dashed) else {
            throw FailureReport.Message("'\(item.uuid)' is not a Day One uuid (32 hex digits)")
        }
        guard let date = WireDateText.date(from: item.creationDate) else {
            throw FailureReport.Message(
                "the creationDate '\(item.creationDate)' is not an ISO 8601 date and time")
        }
        var text = item.text ?? ""
        guard !Entry.isBlank(text) else { return nil }
        let written = Set(DiaryTags.tags(in: text))
        let tags = (item.tags ?? []).compactMap(dayOneTag).filter { !written.contains($0) }
        if !tags.isEmpty {
            text += "\n\n" + tags.map { "#" + $0 }.joined(separator: " ")
        }
        return Entry(id: id, date: date, text: text)
    }

    /// A Day One tag as a Casebook tag: what is not a letter, digit, `-` or `_` becomes `-`
    /// (`mom's birthday` is `mom-s-birthday`, `v2.1` is `v2-1`), without a leading or trailing
    /// `-`; nil when nothing is left (`++`).
    static func dayOneTag(_ tag: String) -> String? {
        var text = ""
        for character in tag {
            let kept = character.isLetter || character.isNumber || character == "_"
            if kept { text.append(character) } else if text.last != "-" { text.append("-") }
        }
        let trimmed = text.drop { $0 == "-" || $0 == "_" }.reversed().drop { $0 == "-" }
        return DiaryTags.tag(String(trimmed.reversed()))
    }

    /// The entries of a jrnl journal, its minutes in this machine's time zone.
    static func jrnlEntries(inFile path: String, bytes: [UInt8]) throws -> [Entry] {
        guard let text = String(validating: bytes, as: UTF8.self), !text.contains("\0") else {
            throw FailureReport.Message("\(path): the file is not UTF-8 text")
        }
        do {
            return try JrnlJournal.entries(in: text, zone: .current)
        } catch {
            throw FailureReport.Message("\(path): \(error)")
        }
    }

    /// Every entry of Casebook's JSON `bytes`, each checked; a refusal names the file and the
    /// entry.
    static func entries(inFile path: String, bytes: [UInt8]) throws -> [Entry] {
        let wire: DiaryEntriesWire
        do {
            wire = try WireJSON.decode(
                DiaryEntriesWire.self, from: bytes,
                shape: #"the file must be {"entries": [{"id", "date", "text"}, …]}"#)
        } catch {
            throw FailureReport.Message("\(path): \(Self.fileMessage(error.message))")
        }
        return try wire.entries.enumerated().map { index, item in
            do {
                return try entry(item)
            } catch {
                throw FailureReport.Message("\(path): entry \(index + 1): \(error)")
            }
        }
    }

    /// A decoder's message about a body, said of a file.
    static func fileMessage(_ message: String) -> String {
        message.hasPrefix("the body is not valid JSON")
            ? "the file is not valid JSON" + message.dropFirst("the body is not valid JSON".count)
            : message
    }

    /// The entry `item` describes, refused as `diary add` would refuse it.
    static func entry(_ item: DiaryEntryWire) throws -> Entry {
        guard let id = EntryIDText.id(from: item.id) else {
            throw FailureReport.Message("'\(item.id)' is not an entry id")
        }
        guard let date = date(item.date) else {
            throw FailureReport.Message(
                "the date '\(item.date)' is not an ISO 8601 date and time")
        }
        guard !Entry.isBlank(item.text) else {
            throw FailureReport.Message("\(EntryDetailError.blankText)")
        }
        return Entry(id: id, date: date, text: item.text)
    }

    /// An ISO 8601 date and time, with or without fractions of a second.
    static func date(_ text: String) -> Date? {
        WireDateText.date(from: text)
    }
}
