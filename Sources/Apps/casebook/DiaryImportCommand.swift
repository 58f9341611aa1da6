import ArgumentParser
import CasebookFileSystem
import CasebookServer
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
            casebook: the JSON diary export writes. dayone: a Day One export, its ZIP (with its \
            entries' photos) or the Journal.json in it (its tags become #tags at the end of the \
            text; entries without text are skipped). jrnl: jrnl's plain-text journal (its default 12-hour time format \
            included) or its --export json, its minutes in this machine's time zone, its \
            stars kept and its @tags as #tags (each entry's id is made of its minute and \
            text, so a second import adds nothing).
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

    @Option(
        help: ArgumentHelp(
            "The time format of a jrnl journal's entries, as its jrnl.yaml's timeformat.",
            discussion:
                "Such as '%d.%m.%Y %H:%M'. By default jrnl's own (%F %r) and Casebook's (%Y-%m-%d %H:%M) are read.",
            valueName: "strftime"))
    var timeFormat: String?

    @Option(
        help: ArgumentHelp(
            "Read the time format from this jrnl.yaml (its timeformat).", valueName: "file"))
    var jrnlConfig: String?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var user: DiaryUserOption

    func run() async throws {
        let path = file
        let format = format
        let timeFormat = try JrnlConfigFile.timeFormat(given: timeFormat, config: jrnlConfig)
        try await DiaryCommand.withEntries(data: data, user: user, creating: true) { entries in
            let file = try Self.read(path, format: format, timeFormat: timeFormat)
            let photos: DiaryPhotoImport
            do {
                photos = try DiaryPhotoImport(file, keepsPhotos: entries.keepsPhotos)
            } catch let refusal as DiaryPhotoImport.Refusal {
                throw FailureReport.Message("\(refusal)")
            }
            let added = try entries.restore(contentsOf: file.entries)
            for id in file.starred { try entries.setStarred(true, id: id) }
            _ = try photos.add(to: entries)
            try StandardStreams.output(
                "imported \(added), already there \(file.entries.count - added)"
                    + (file.skipped > 0 ? ", skipped \(file.skipped) without text" : "")
                    + photos.summary(keepsPhotos: entries.keepsPhotos))
        }
    }

    /// The file at `path` in `format` (told from the file without one), read once; a refusal
    /// names the file and the entry or line.
    static func read(_ path: String, format: Format?, timeFormat: JrnlTimeFormat? = nil) throws
        -> DiaryFile.Contents
    {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(atPath: path, limit: limit, followingSymlink: true)
        } catch {
            throw FailureReport.Message("\(path): \(error)")
        }
        do {
            return try DiaryFile.read(
                bytes, named: path,
                format: format.flatMap { DiaryFile.Format(rawValue: $0.rawValue) },
                zone: .current, timeFormat: timeFormat)
        } catch {
            throw FailureReport.Message(error.message)
        }
    }
}
