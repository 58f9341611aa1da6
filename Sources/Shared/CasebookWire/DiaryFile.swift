import CasebookZip
import DiaryCore
import Foundation

/// A diary file to import: Casebook's own JSON (what `diary export` and the pages' download
/// write), Day One's JSON export (`Journal.json`) or jrnl's plain-text journal, told from its
/// bytes when its format is not named. Read whole and every entry checked before any is added:
/// a refusal names the file and the entry or line.
public enum DiaryFile {
    public enum Format: String, CaseIterable, Sendable {
        case casebook, dayone, jrnl
    }

    /// What a file brings: its entries, how many were skipped for having no text, and which
    /// entries it starred (Day One's); the photos of its entries a Day One ZIP holds, and how
    /// many photos its journal names that the file does not hold (a `Journal.json` alone).
    public struct Contents: Equatable, Sendable {
        public var entries: [Entry]
        public var skipped = 0
        public var starred: [Entry.ID] = []
        public var photos: [Photo] = []
        public var photosLeftOut = 0
        /// The photos each entry's journal names, by their file's name: read from the ZIP.
        var wantedPhotos: [(entry: Entry.ID, file: String, alt: String)] = []

        public static func == (left: Contents, right: Contents) -> Bool {
            left.entries == right.entries && left.skipped == right.skipped
                && left.starred == right.starred && left.photos == right.photos
                && left.photosLeftOut == right.photosLeftOut
        }

        public init(entries: [Entry], skipped: Int = 0, starred: [Entry.ID] = []) {
            self.entries = entries
            self.skipped = skipped
            self.starred = starred
        }
    }

    /// A photo of an entry, as the file holds it: to be checked and made as every photo is
    /// before it is kept. `name` says where it is in the file (`export.zip/photos/….jpeg`).
    public struct Photo: Equatable, Sendable {
        public let entry: Entry.ID
        public let name: String
        public let bytes: [UInt8]
        /// What it shows, in words (a Casebook archive's; Day One's have none).
        public var alt = ""

        public init(entry: Entry.ID, name: String, bytes: [UInt8], alt: String = "") {
            self.entry = entry
            self.name = name
            self.bytes = bytes
            self.alt = alt
        }
    }

    /// Why a file cannot be imported, naming it (`name`) and the entry or line.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The entries of the file `name` holding `bytes`, in `format` (told from the bytes
    /// without one), a jrnl journal's minutes in `zone`.
    /// A byte order mark at the start is read past.
    /// Two entries of a file with one id are refused, naming the second: one would be taken
    /// for the other, already there, and dropped. (A jrnl entry's id is made from its minute and
    /// text, so two of one id there are the same entry twice.)
    public static func read(
        _ bytes: [UInt8], named name: String, format: Format?, zone: TimeZone
    ) throws(Refusal) -> Contents {
        try read(bytes, named: name, format: format, zone: zone, timeFormat: nil)
    }

    /// The same, a jrnl journal's headers in `timeFormat` (jrnl's `timeformat`; nil: the ones
    /// jrnl and Casebook write by default).
    public static func read(
        _ bytes: [UInt8], named name: String, format: Format?, zone: TimeZone,
        timeFormat: JrnlTimeFormat?
    ) throws(Refusal) -> Contents {
        // A ZIP (Day One's export, its journals' JSON beside their photos): its JSON files,
        // and the photos they name.
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return try zipContents(
                bytes, named: name, format: format, zone: zone, timeFormat: timeFormat)
        }
        return withoutPhotos(
            try readFile(bytes, named: name, format: format, zone: zone, timeFormat: timeFormat))
    }

    /// The entries of the file `name` holding `bytes` that is no ZIP (see `read`).
    static func readFile(
        _ bytes: [UInt8], named name: String, format: Format?, zone: TimeZone,
        timeFormat: JrnlTimeFormat? = nil
    ) throws(Refusal) -> Contents {
        // A byte order mark (which Windows' editors write) is not the file's text.
        let bytes =
            bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let contents: Contents
        switch format ?? (isJSON(bytes) ? nil : .jrnl) {
        case .casebook: contents = try casebookContents(bytes, named: name)
        case .dayone: contents = try dayOneEntries(bytes, named: name)
        case .jrnl:
            if isJSON(bytes) {
                contents = try jrnlJSONContents(bytes, named: name, zone: zone)
            } else {
                contents = try jrnlContents(
                    bytes, named: name, zone: zone, timeFormat: timeFormat)
                try refuseTooLong(contents.entries, named: name)
                return contents
            }
        case nil:
            // JSON: Casebook's own, Day One's or jrnl's `--export json`; refused as
            // Casebook's when none.
            do {
                contents = try casebookContents(bytes, named: name)
            } catch let casebook {
                if let dayOne = try? dayOneEntries(bytes, named: name) {
                    contents = dayOne
                } else if let jrnl = try? jrnlJSONContents(bytes, named: name, zone: zone) {
                    contents = jrnl
                } else {
                    throw casebook
                }
            }
        }
        try refuseTooLong(contents.entries, named: name)
        if let (first, second) = firstRepeatedID(in: contents.entries) {
            throw Refusal(
                message:
                    "\(name): entry \(second + 1): its id is entry \(first + 1)'s too "
                    + "(\(EntryIDText.text(of: contents.entries[second].id)))")
        }
        return contents
    }

    /// `contents` read from a file alone: the photos its journal names are not in it.
    static func withoutPhotos(_ contents: Contents) -> Contents {
        var contents = contents
        contents.photosLeftOut += contents.wantedPhotos.count
        contents.wantedPhotos = []
        return contents
    }

    /// How much of a ZIP is read: Day One's export holds each journal's JSON and its photos.
    static let zipLimits = ZipReader.Limits(
        mostEntries: 20_000, mostEntryBytes: 64 << 20, mostBytes: 512 << 20)

    /// The entries of every JSON file in the ZIP `bytes` (Day One's export: one a journal, its
    /// photos beside them, left), each read as a file of its own and named `zip/file.json`.
    static func zipContents(
        _ bytes: [UInt8], named name: String, format: Format?, zone: TimeZone,
        timeFormat: JrnlTimeFormat? = nil
    ) throws(Refusal) -> Contents {
        let files: [ZipReader.Entry]
        do {
            // Only the journals: the photos beside them are neither unpacked nor counted.
            files = try ZipReader.entries(
                in: bytes, limits: zipLimits, including: { $0.lowercased().hasSuffix(".json") })
        } catch {
            throw Refusal(message: "\(name): the ZIP file cannot be read: \(error)")
        }
        // A Casebook archive's list of photos (`DiaryArchive`) is no journal.
        let photoList = files.first { $0.name == DiaryPhotosWire.fileName }
        let journals = files.filter {
            $0.name.lowercased().hasSuffix(".json") && $0.name != DiaryPhotosWire.fileName
        }
        guard !journals.isEmpty else {
            throw Refusal(
                message:
                    "\(name): the ZIP file holds no journal (.json): export from Day One as JSON, or import Casebook's or jrnl's file itself"
            )
        }
        var all = Contents(entries: [])
        for journal in journals {
            let inner: [UInt8]
            switch journal.contents {
            case .success(let read): inner = read
            case .failure(let refusal):
                throw Refusal(message: "\(name)/\(journal.name): \(refusal)")
            }
            // One level: a ZIP inside is no journal, and would multiply what is unpacked.
            guard !inner.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
                throw Refusal(message: "\(name)/\(journal.name): a ZIP inside a ZIP is not read")
            }
            let contents = try readFile(
                inner, named: "\(name)/\(journal.name)", format: format, zone: zone,
                timeFormat: timeFormat)
            all.entries += contents.entries
            all.skipped += contents.skipped
            all.starred += contents.starred
            all.photosLeftOut += contents.photosLeftOut
            all.wantedPhotos += contents.wantedPhotos
        }
        if let (first, second) = firstRepeatedID(in: all.entries) {
            throw Refusal(
                message:
                    "\(name): entry \(second + 1): its id is entry \(first + 1)'s too "
                    + "(\(EntryIDText.text(of: all.entries[second].id)))")
        }
        if let photoList {
            all.wantedPhotos += try archivePhotos(photoList, of: all.entries, named: name)
        }
        return try withPhotos(all, from: bytes, named: name)
    }

    /// The photos a Casebook archive's `photos.json` lists, each checked: an entry of the
    /// archive's, a file in its `photos` folder, words no longer than a photo's may be.
    static func archivePhotos(_ file: ZipReader.Entry, of entries: [Entry], named name: String)
        throws(Refusal) -> [(entry: Entry.ID, file: String, alt: String)]
    {
        let place = "\(name)/\(file.name)"
        let wire: DiaryPhotosWire
        switch file.contents {
        case .failure(let refusal): throw Refusal(message: "\(place): \(refusal)")
        case .success(let bytes):
            do {
                wire = try WireJSON.decode(
                    DiaryPhotosWire.self, from: bytes, shape: DiaryPhotosWire.shape)
            } catch {
                throw Refusal(message: "\(place): \(fileMessage(error.message))")
            }
        }
        let ids = Set(entries.map(\.id))
        var wanted: [(entry: Entry.ID, file: String, alt: String)] = []
        for (index, photo) in wire.photos.enumerated() {
            let problem: String? = {
                guard let id = EntryIDText.id(from: photo.entry), ids.contains(id) else {
                    return "'\(photo.entry)' is no entry of diary.json"
                }
                let parts = photo.file.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0] == "photos", !parts[1].isEmpty,
                    parts[1].count <= 80,
                    parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
                    ),
                    !parts[1].hasPrefix(".")
                else { return "'\(photo.file)' is no file of the photos folder" }
                guard photo.alt.count <= DiaryPhotoLimits.longestAlt else {
                    return "\(DiaryPhotoError.altTooLong(limit: DiaryPhotoLimits.longestAlt))"
                }
                wanted.append((id, parts[1].lowercased(), photo.alt))
                return nil
            }()
            if let problem {
                throw Refusal(message: "\(place): photo \(index + 1): \(problem)")
            }
        }
        return wanted
    }

    /// `contents` with the photos its journals name that the ZIP `bytes` holds in a `photos`
    /// folder (`photos/MD5.TYPE`, at any depth), each once per entry; those it does not hold
    /// are counted as left out.
    static func withPhotos(_ contents: Contents, from bytes: [UInt8], named name: String)
        throws(Refusal) -> Contents
    {
        var contents = contents
        let wanted = Set(contents.wantedPhotos.map(\.file))
        /// The photo's name, when `path` is one the journals name.
        func photoName(_ path: String) -> String? {
            let parts = path.split(separator: "/")
            guard parts.count >= 2, parts[parts.count - 2].lowercased() == "photos" else {
                return nil
            }
            let file = parts[parts.count - 1].lowercased()
            return wanted.contains(file) ? file : nil
        }
        var files: [String: (path: String, bytes: [UInt8])] = [:]
        if !wanted.isEmpty {
            let read: [ZipReader.Entry]
            do {
                read = try ZipReader.entries(
                    in: bytes, limits: zipLimits, including: { photoName($0) != nil })
            } catch {
                throw Refusal(message: "\(name): the ZIP file cannot be read: \(error)")
            }
            for file in read {
                guard let photo = photoName(file.name), files[photo] == nil else { continue }
                switch file.contents {
                case .success(let photoBytes): files[photo] = (file.name, photoBytes)
                case .failure(let refusal):
                    throw Refusal(message: "\(name)/\(file.name): \(refusal)")
                }
            }
        }
        var seen = Set<String>()
        for (entry, file, alt) in contents.wantedPhotos {
            guard seen.insert("\(entry.uuidString)/\(file)").inserted else { continue }
            guard let found = files[file] else {
                contents.photosLeftOut += 1
                continue
            }
            contents.photos.append(
                Photo(entry: entry, name: "\(name)/\(found.path)", bytes: found.bytes, alt: alt))
        }
        contents.wantedPhotos = []
        return contents
    }

    /// Refuses the first entry whose text is longer than an edit can save again (what the API
    /// takes), naming it.
    static func refuseTooLong(_ entries: [Entry], named name: String) throws(Refusal) {
        guard
            let index = entries.firstIndex(where: {
                $0.text.utf8.count > DiaryImportRequest.longestText
            })
        else { return }
        throw Refusal(
            message:
                "\(name): entry \(index + 1): its text is longer than \(DiaryImportRequest.longestText) bytes, the most an entry holds"
        )
    }

    /// The places of the first two entries with one id, nil when every id is its own.
    static func firstRepeatedID(in entries: [Entry]) -> (first: Int, second: Int)? {
        var places: [Entry.ID: Int] = [:]
        places.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let first = places.updateValue(index, forKey: entry.id) { return (first, index) }
        }
        return nil
    }

    /// Whether `bytes` look like JSON rather than a jrnl journal: they start with `{`, or with
    /// a `[` that opens no `[YYYY-` of a jrnl entry.
    public static func isJSON(_ bytes: [UInt8]) -> Bool {
        let start = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        switch start.first {
        case UInt8(ascii: "{"): return true
        case UInt8(ascii: "["):
            // A jrnl journal's first line is `[`, a date in any format and `] ` with the title
            // (`[2025-11-02 08:30] …`, `[02.11.2025 08:30] …`); anything else is JSON.
            let firstLine = start.prefix { $0 != 0x0A && $0 != 0x0D }
            guard let digit = firstLine.dropFirst().first, (0x30...0x39).contains(digit) else {
                return true
            }
            return
                !(firstLine.last == UInt8(ascii: "]")
                || firstLine.indices.contains { index in
                    firstLine[index] == UInt8(ascii: "]")
                        && firstLine.index(after: index) < firstLine.endIndex
                        && firstLine[firstLine.index(after: index)] == UInt8(ascii: " ")
                })
        default: return false
        }
    }

    /// Every entry of Casebook's JSON, each checked, and the starred ones.
    static func casebookContents(_ bytes: [UInt8], named name: String) throws(Refusal) -> Contents {
        let wire: DiaryEntriesWire
        do {
            wire = try WireJSON.decode(
                DiaryEntriesWire.self, from: bytes,
                shape: #"the file must be {"entries": [{"id", "date", "text"}, …]}"#)
        } catch {
            throw Refusal(message: "\(name): \(fileMessage(error.message))")
        }
        var contents = Contents(entries: [])
        contents.entries.reserveCapacity(wire.entries.count)
        for (index, item) in wire.entries.enumerated() {
            do {
                let entry = try item.entry()
                contents.entries.append(entry)
                if item.starred == true { contents.starred.append(entry.id) }
            } catch {
                throw Refusal(message: "\(name): entry \(index + 1): \(error.message)")
            }
        }
        return contents
    }

    /// The entries of a Day One export, how many had no text, and the starred ones.
    static func dayOneEntries(_ bytes: [UInt8], named name: String) throws(Refusal) -> Contents {
        let journal: DayOneJournalWire
        do {
            journal = try WireJSON.decode(
                DayOneJournalWire.self, from: bytes, shape: DayOneJournalWire.shape)
        } catch {
            throw Refusal(message: "\(name): \(fileMessage(error.message))")
        }
        var contents = Contents(entries: [])
        for (index, item) in journal.entries.enumerated() {
            do {
                guard let entry = try dayOneEntry(item) else {
                    contents.skipped += 1
                    continue
                }
                contents.entries.append(entry)
                if item.starred == true { contents.starred.append(entry.id) }
                for photo in item.photos ?? [] {
                    guard let file = photo.fileName else {
                        contents.photosLeftOut += 1
                        continue
                    }
                    contents.wantedPhotos.append((entry.id, file, ""))
                }
            } catch {
                throw Refusal(message: "\(name): entry \(index + 1): \(error.message)")
            }
        }
        return contents
    }

    /// A Day One entry as a diary entry: its uuid as the id, its tags as `#tags` at the end of
    /// the text (spaces as `-`), unless the text has them; nil when it has no text.
    static func dayOneEntry(_ item: DayOneJournalWire.Entry) throws(Refusal) -> Entry? {
        let hex = item.uuid.replacingOccurrences(of: "-", with: "")
        let dashed = [(0, 8), (8, 12), (12, 16), (16, 20), (20, 32)].map { start, end in
            String(hex.dropFirst(start).prefix(end - start))
        }.joined(separator: "-")
        guard hex.utf8.count == 32, hex.allSatisfy(\.isHexDigit),
            let id = UUID(uuidString: dashed)
        else {
            throw Refusal(message: "'\(item.uuid)' is not a Day One uuid (32 hex digits)")
        }
        guard let date = WireDateText.date(from: item.creationDate) else {
            throw Refusal(
                message:
                    "the creationDate '\(item.creationDate)' is not an RFC 3339 date and time")
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
    public static func dayOneTag(_ tag: String) -> String? {
        var text = ""
        for character in tag {
            let kept = character.isLetter || character.isNumber || character == "_"
            if kept { text.append(character) } else if text.last != "-" { text.append("-") }
        }
        let trimmed = text.drop { $0 == "-" || $0 == "_" }.reversed().drop { $0 == "-" }
        return DiaryTags.tag(String(trimmed.reversed()))
    }

    /// The entries of a jrnl journal, its minutes in `zone`.
    static func jrnlEntries(_ bytes: [UInt8], named name: String, zone: TimeZone)
        throws(Refusal) -> [Entry]
    {
        try jrnlContents(bytes, named: name, zone: zone).entries
    }

    /// A jrnl journal's entries, and the ones it starred.
    static func jrnlContents(
        _ bytes: [UInt8], named name: String, zone: TimeZone, timeFormat: JrnlTimeFormat? = nil
    ) throws(Refusal) -> Contents {
        guard let text = String(validating: bytes, as: UTF8.self), !text.contains("\0") else {
            throw Refusal(message: "\(name): the file is not UTF-8 text")
        }
        do {
            let journal = try JrnlJournal.journal(in: text, zone: zone, timeFormat: timeFormat)
            return Contents(entries: journal.entries, starred: journal.starred)
        } catch {
            throw Refusal(message: "\(name): \(error)")
        }
    }

    /// What `jrnl --export json` writes: each entry's title, body, date and minute (in the
    /// writer's zone, read in `zone`) and star; its text is the title, then the body on the
    /// next line, `@tags` as `#tags`, its id made as a plain journal's are.
    static func jrnlJSONContents(_ bytes: [UInt8], named name: String, zone: TimeZone)
        throws(Refusal) -> Contents
    {
        let wire: JrnlExportWire
        do {
            wire = try WireJSON.decode(
                JrnlExportWire.self, from: bytes, shape: JrnlExportWire.shape)
        } catch {
            throw Refusal(message: "\(name): \(fileMessage(error.message))")
        }
        var contents = Contents(entries: [])
        for (index, item) in wire.entries.enumerated() {
            // As jrnl writes it in its journal: the title (with its star), then the body.
            let written =
                item.title + (item.starred == true ? " *" : "")
                + (item.body.isEmpty ? "" : "\n" + item.body)
            let text = JrnlJournal.casebookTags(
                item.body.isEmpty ? item.title : item.title + "\n" + item.body)
            let stamp = "[\(item.date) \(item.time)] x"
            guard let date = try? JrnlJournal.entries(in: stamp, zone: zone).first?.date else {
                throw Refusal(
                    message:
                        "\(name): entry \(index + 1): '\(item.date) \(item.time)' is not a date (YYYY-MM-DD) and time (HH:MM)"
                )
            }
            guard !Entry.isBlank(text) else {
                contents.skipped += 1
                continue
            }
            let entry = Entry(
                id: JrnlJournal.entryID(date: date, text: written), date: date, text: text)
            contents.entries.append(entry)
            if item.starred == true { contents.starred.append(entry.id) }
        }
        return contents
    }

    /// A decoder's message about a body, said of a file.
    static func fileMessage(_ message: String) -> String {
        let said =
            message.hasPrefix("the body is not valid JSON")
            ? "the file is not valid JSON" + message.dropFirst("the body is not valid JSON".count)
            : message
        return entryCounted(said)
    }

    /// `message` with the place a decoder names (`entries[1].text`, counted from 0) said as
    /// the file's other messages say it, counted from 1: `entry 2: text`.
    static func entryCounted(_ message: String) -> String {
        guard let start = message.range(of: ": entries["),
            let close = message[start.upperBound...].firstIndex(of: "]"),
            let index = Int(message[start.upperBound..<close])
        else { return message }
        var rest = message[message.index(after: close)...]
        if rest.first == "." { rest = rest.dropFirst() } else { rest = " " + rest }
        return message[..<start.lowerBound] + ": entry \(index + 1): " + rest
    }
}
