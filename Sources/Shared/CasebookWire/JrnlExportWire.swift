import DiaryCore
import Foundation

/// What `jrnl --export json` writes (jrnl 4): `{"tags": {…}, "entries": [{"title", "body",
/// "date": "YYYY-MM-DD", "time": "HH:MM", "tags", "starred"}]}`; read for an import (its tags
/// read from the text, as jrnl makes them; anything else an entry carries is left) and written
/// by `diary export --format jrnl-json` as jrnl writes it.
public struct JrnlExportWire: Codable, Sendable {
    public static let shape =
        #"jrnl's export must be {"entries": [{"title", "body", "date", "time", "starred"}, …]}"#

    public struct Entry: Codable, Sendable {
        public let title: String
        public let body: String
        public let date: String
        public let time: String
        /// Its tags as jrnl finds them in the text (`#walk`, lowercased), when written.
        public let tags: [String]?
        public let starred: Bool?

        public init(
            title: String, body: String, date: String, time: String, tags: [String]?,
            starred: Bool?
        ) {
            self.title = title
            self.body = body
            self.date = date
            self.time = time
            self.tags = tags
            self.starred = starred
        }
    }

    /// How many entries have each tag, when written.
    public let tags: [String: Int]?
    public let entries: [Entry]

    public init(tags: [String: Int]?, entries: [Entry]) {
        self.tags = tags
        self.entries = entries
    }

    /// `entries` (oldest first) as jrnl exports them, their minutes in `zone`, those of
    /// `starred` starred: each text split into a title and a body where jrnl splits a journal's
    /// (its first line), its tags as jrnl's `#` and `@` find them.
    public init(_ entries: [DiaryCore.Entry], starred: Set<DiaryCore.Entry.ID>, zone: TimeZone) {
        let days = DateFormatter()
        days.locale = Locale(identifier: "en_US_POSIX")
        days.calendar = Calendar(identifier: .gregorian)
        days.timeZone = zone
        days.dateFormat = "yyyy-MM-dd"
        let minutes = DateFormatter()
        minutes.locale = days.locale
        minutes.timeZone = zone
        minutes.dateFormat = "HH:mm"
        var counts: [String: Int] = [:]
        self.entries = entries.map { entry in
            let (title, body) = Self.split(entry.text)
            let tags = Self.tags(in: entry.text)
            for tag in tags { counts[tag, default: 0] += 1 }
            return Entry(
                title: title, body: body, date: days.string(from: entry.date),
                time: minutes.string(from: entry.date), tags: tags,
                starred: starred.contains(entry.id))
        }
        tags = counts
    }

    /// A text's title and body as jrnl reads them from its journal: its first line, then the
    /// rest.
    static func split(_ text: String) -> (title: String, body: String) {
        let trimmed = text.drop { $0.isWhitespace }
        guard let newline = trimmed.firstIndex(where: \.isNewline) else {
            return (trimmed.trimmingCharacters(in: .whitespaces), "")
        }
        return (
            trimmed[..<newline].trimmingCharacters(in: .whitespaces),
            trimmed[newline...].trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }

    /// The tags jrnl finds in `text` (`#` or `@`, then letters, digits and `-+*#/_`, not inside
    /// a word), lowercased, each once, sorted.
    static func tags(in text: String) -> [String] {
        var found = Set<String>()
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let startsWord = index == 0 || characters[index - 1].isWhitespace
            if startsWord, character == "#" || character == "@" {
                var end = index + 1
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber
                        || "-+*#/_".contains(characters[end])
                {
                    end += 1
                }
                if end > index + 1 { found.insert(String(characters[index..<end]).lowercased()) }
                index = end
                continue
            }
            index += 1
        }
        return found.sorted()
    }
}
