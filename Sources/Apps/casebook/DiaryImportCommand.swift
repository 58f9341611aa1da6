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
        abstract: "Add the entries of a file diary export wrote (JSON), each once.")

    /// The largest file read: some 200,000 entries of a page each.
    static let limit = 512 * 1024 * 1024

    @Argument(help: "The file, as diary export writes it.")
    var file: String

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        let path = file
        try await DiaryCommand.withEntries(data: data, user: user, creating: true) { entries in
            let incoming = try Self.entries(inFile: path)
            let added = try entries.restore(contentsOf: incoming)
            try StandardStreams.output(
                "imported \(added), already there \(incoming.count - added)")
        }
    }

    /// Every entry of the file at `path`, each checked; a refusal names the file and the entry.
    static func entries(inFile path: String) throws -> [Entry] {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(atPath: path, limit: limit, followingSymlink: true)
        } catch {
            throw FailureReport.Message("\(path): \(error)")
        }
        let wire: DiaryEntriesWire
        do {
            wire = try WireJSON.decode(
                DiaryEntriesWire.self, from: bytes,
                shape: #"the file must be {"entries": [{"id", "date", "text"}, …]}"#)
        } catch {
            let message =
                error.message.hasPrefix("the body is not valid JSON")
                ? "the file is not valid JSON"
                    + error.message.dropFirst("the body is not valid JSON".count)
                : error.message
            throw FailureReport.Message("\(path): \(message)")
        }
        return try wire.entries.enumerated().map { index, item in
            do {
                return try entry(item)
            } catch {
                throw FailureReport.Message("\(path): entry \(index + 1): \(error)")
            }
        }
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
