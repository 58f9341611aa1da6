import Foundation

/// A journal as jrnl (jrnl.sh) keeps it in plain text, and as `diary export --format jrnl`
/// writes it: each entry starts at a line `[YYYY-MM-DD HH:MM] ` (the minute in the writer's
/// time zone) and runs to the next such line. jrnl's entries have no ids, so each is given
/// one made of its minute and its text: reading the same journal twice gives the same ids.
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
        var entries: [Entry] = []
        var current: (date: Date, line: Int, lines: [Substring])?
        func finish() throws(Refusal) {
            guard let open = current else { return }
            var lines = open.lines
            while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
            let text = lines.joined(separator: "\n")
            guard !Entry.isBlank(text) else {
                throw Refusal(message: "line \(open.line): the entry has no text")
            }
            entries.append(Entry(id: id(date: open.date, text: text), date: open.date, text: text))
        }
        // Lines end in LF or CR LF (one Character to Swift, as a journal written on Windows has).
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            if let stamp = header(line) {
                try finish()
                guard let date = date(stamp, zone: zone) else {
                    throw Refusal(
                        message: "line \(index + 1): '\(stamp)' is not a date and time")
                }
                // What follows the 18 bytes of `[YYYY-MM-DD HH:MM]` and one space.
                var rest = Substring(line.utf8.dropFirst(18)) ?? ""
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
        guard !entries.isEmpty else { throw Refusal(message: "line 1: no entries \(form)") }
        return entries
    }

    /// The `YYYY-MM-DD HH:MM` a line starts with in brackets, if it does.
    private static func header(_ line: Substring) -> Substring? {
        let bytes = Array(line.utf8.prefix(18))
        guard bytes.count == 18, bytes[0] == UInt8(ascii: "["), bytes[17] == UInt8(ascii: "]")
        else { return nil }
        let shape = "[0000-00-00 00:00]".utf8
        for (byte, expected) in zip(bytes, shape) {
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard expected == UInt8(ascii: "0") ? isDigit : byte == expected else { return nil }
        }
        return line.dropFirst().prefix(16)
    }

    private static func date(_ stamp: Substring, zone: TimeZone) -> Date? {
        let parts = stamp.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
            .compactMap { Int($0) }
        guard parts.count == 5, parts[0] >= 1, (1...12).contains(parts[1]), parts[3] < 24,
            parts[4] < 60
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
