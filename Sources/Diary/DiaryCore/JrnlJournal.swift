import Foundation

/// A journal as jrnl (jrnl.sh) keeps it in plain text, and as `diary export --format jrnl`
/// writes it: each entry starts at a line `[YYYY-MM-DD HH:MM] ` (the minute in the writer's
/// time zone) and runs to the next such line. jrnl's own default time format,
/// `[YYYY-MM-DD hh:mm:ss AM] ` (`%F %r`), and `[YYYY-MM-DD HH:MM:SS] ` (`%F %T`) are read too.
/// jrnl's entries have no ids, so each is given one made of its minute and its text: reading
/// the same journal twice gives the same ids.
public enum JrnlJournal {
    /// Why a text is not a journal, naming the line.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    private static let form = "(a jrnl entry starts with [YYYY-MM-DD HH:MM])"

    /// The entries of `text`, oldest first as jrnl writes them, their minutes read in `zone`.
    public static func entries(in text: String, zone: TimeZone) throws(Refusal) -> [Entry] {
        try read(text, zone: zone).map(\.entry)
    }

    /// A journal's entries, and which of them jrnl starred (a title ending ` *`, taken off),
    /// jrnl's `@tags` written as Casebook's `#tags` (an `@` after a letter, as in an email
    /// address, is left).
    public static func journal(in text: String, zone: TimeZone) throws(Refusal)
        -> (entries: [Entry], starred: [Entry.ID])
    {
        try journal(in: text, zone: zone, timeFormat: nil)
    }

    /// The same, each entry's header in `timeFormat` (jrnl's `timeformat`; nil: the formats
    /// jrnl and Casebook write by default, `JrnlTimeFormat.defaults`). jrnl's Markdown export
    /// (`# 2025`, `## November`, then `### 2025-11-02 08:30 Title` and the body, its headings
    /// one level deeper) is read as the journal it was made from; it keeps no stars.
    public static func journal(in text: String, zone: TimeZone, timeFormat: JrnlTimeFormat?)
        throws(Refusal) -> (entries: [Entry], starred: [Entry.ID])
    {
        let read: [(entry: Entry, starred: Bool)]
        if JrnlMarkdown.isMarkdown(text) {
            // Its stamps rewritten in a default shape.
            let plain = try JrnlMarkdown.journal(
                fromMarkdown: text, formats: timeFormat.map { [$0] } ?? JrnlTimeFormat.defaults,
                zone: zone)
            read = try Self.read(plain, zone: zone)
        } else {
            read = try Self.read(text, zone: zone, format: timeFormat)
        }
        return (read.map(\.entry), read.filter(\.starred).map(\.entry.id))
    }

    /// jrnl's `@tag` as `#tag`: an `@` at the start or after a space or a line break, before a
    /// letter, a digit or `_`.
    public static func casebookTags(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        var characters = text.makeIterator()
        var pending: Character? = characters.next()
        while let character = pending {
            pending = characters.next()
            if character == "@", previous.isWhitespace,
                let next = pending, next.isLetter || next.isNumber || next == "_"
            {
                out.append("#")
            } else {
                out.append(character)
            }
            previous = character
        }
        return out
    }

    private static func read(_ text: String, zone: TimeZone, format: JrnlTimeFormat? = nil)
        throws(Refusal) -> [(entry: Entry, starred: Bool)]
    {
        var read: [(entry: Entry, starred: Bool)] = []
        var current: (date: Date, line: Int, lines: [Substring])?
        func finish() throws(Refusal) {
            guard let open = current else { return }
            var lines = open.lines
            while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
            // The id is made of the text as jrnl wrote it (its star and @tags included), as it
            // always was: a journal imported before keeps its ids.
            let written = lines.joined(separator: "\n")
            // jrnl stars an entry with ` *` at the end of its title, its first line.
            var starred = false
            if let title = lines.first, title.hasSuffix(" *") {
                lines[0] = title.dropLast(2)
                starred = true
            }
            let text = casebookTags(lines.joined(separator: "\n"))
            guard !Entry.isBlank(text) else {
                throw Refusal(message: "line \(open.line): the entry has no text")
            }
            read.append(
                (
                    Entry(id: id(date: open.date, text: written), date: open.date, text: text),
                    starred
                ))
        }
        // Lines end in LF or CR LF (one Character to Swift, as a journal written on Windows has).
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            if let (date, length) = try header(line, format: format, zone: zone, line: index + 1) {
                try finish()
                // What follows the header's brackets and one space.
                var rest = Substring(line.utf8.dropFirst(length)) ?? ""
                if rest.utf8.first == UInt8(ascii: " ") {
                    rest = Substring(rest.utf8.dropFirst()) ?? ""
                }
                current = (date, index + 1, [rest])
            } else if current != nil {
                current?.lines.append(line)
            } else if !line.allSatisfy(\.isWhitespace) {
                throw Refusal(message: "line \(index + 1): text before the first entry \(form)")
            }
        }
        try finish()
        guard !read.isEmpty else { throw Refusal(message: "line 1: no entries \(form)") }
        return read
    }

    /// The date of the header `line` starts with, and the header's length in bytes; nil when
    /// it starts with none. In `format`, a header is `[`, a date in it and `]`; without one, a
    /// line of a default header's shape with no date in it is refused.
    private static func header(
        _ line: Substring, format: JrnlTimeFormat?, zone: TimeZone, line number: Int
    ) throws(Refusal) -> (Date, Int)? {
        if let format {
            guard line.utf8.first == UInt8(ascii: "["),
                let (date, length) = format.date(atStartOf: line.dropFirst(), zone: zone),
                Array(line.utf8.dropFirst(1 + length).prefix(1)) == [UInt8(ascii: "]")]
            else { return nil }
            return (date, length + 2)
        }
        guard let (stamp, length) = header(line) else { return nil }
        guard let date = date(stamp, zone: zone) else {
            throw Refusal(message: "line \(number): '\(stamp)' is not a date and time")
        }
        return (date, length)
    }

    /// The header shapes: `[YYYY-MM-DD HH:MM]`, jrnl's `%F %r` and `%F %T` (`A` a letter).
    private static let shapes = [
        "[0000-00-00 00:00]", "[0000-00-00 00:00:00 AA]", "[0000-00-00 00:00:00]",
    ]

    /// The stamp a line starts with in brackets (`YYYY-MM-DD HH:MM[:SS[ AM]]`) and the
    /// header's length in bytes, if it does.
    private static func header(_ line: Substring) -> (Substring, Int)? {
        for shape in shapes {
            let bytes = Array(line.utf8.prefix(shape.utf8.count))
            guard bytes.count == shape.utf8.count,
                zip(bytes, shape.utf8).allSatisfy({ byte, expected in
                    switch expected {
                    case UInt8(ascii: "0"): (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    case UInt8(ascii: "A"):
                        byte == UInt8(ascii: "A") || byte == UInt8(ascii: "P")
                            || byte == UInt8(ascii: "M")
                    default: byte == expected
                    }
                })
            else { continue }
            return (line.dropFirst().prefix(shape.count - 2), shape.utf8.count)
        }
        return nil
    }

    private static func date(_ stamp: Substring, zone: TimeZone) -> Date? {
        var words = stamp.split(separator: " ")
        // A 12-hour clock's AM or PM, as jrnl's default `%r` writes it.
        var meridiem: Substring?
        if words.count == 3 { meridiem = words.removeLast() }
        var parts = words.joined(separator: " ")
            .split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
        guard parts.count == 5 || parts.count == 6 else { return nil }
        if let meridiem {
            guard (1...12).contains(parts[3]), meridiem == "AM" || meridiem == "PM" else {
                return nil
            }
            parts[3] = parts[3] % 12 + (meridiem == "PM" ? 12 : 0)
        }
        guard parts[0] >= 1, (1...12).contains(parts[1]), parts[3] < 24, parts[4] < 60,
            parts.count == 5 || parts[5] < 60
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(year: parts[0], month: parts[1], day: parts[2])
        else { return nil }
        return date
    }

    /// The id an entry jrnl wrote as `text` (its star and `@tags` as jrnl writes them) at
    /// `date` is given: the same every time it is read.
    public static func entryID(date: Date, text: String) -> UUID {
        id(date: date, text: text)
    }

    /// An id made of the entry's minute and text (two 64-bit FNV-1a hashes), shaped as a
    /// version-4 UUID.
    static func id(date: Date, text: String) -> UUID {
        let bytes = Array("\(date.timeIntervalSince1970)|\(text)".utf8)
        func fnv(_ seed: UInt64) -> UInt64 {
            bytes.reduce(seed) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        var value = (fnv(0xCBF2_9CE4_8422_2325), fnv(0x84222325CBF29CE4))
        return withUnsafeBytes(of: &value) { raw in
            var uuid = Array(raw.prefix(16))
            uuid[6] = (uuid[6] & 0x0F) | 0x40
            uuid[8] = (uuid[8] & 0x3F) | 0x80
            return UUID(
                uuid: (
                    uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7],
                    uuid[8], uuid[9], uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15]
                ))
        }
    }
}
