import Foundation

/// jrnl's Markdown export (`jrnl --export md`), read back into the plain journal it was made
/// from: a `# 2025` line for each year and a `## November` line for each month, then each entry
/// as `### STAMP TITLE` (the stamp in jrnl's `timeformat`) and its body, whose headings jrnl put
/// three levels deeper (`#### Heading` for `# Heading`), after an empty line, and a line of one
/// space after it.
enum JrnlMarkdown {
    /// Whether `text` is jrnl's Markdown: its first line with anything on it is `# ` and a year.
    static func isMarkdown(_ text: String) -> Bool {
        guard
            let first = text.split(whereSeparator: \.isNewline).first(where: {
                !$0.allSatisfy(\.isWhitespace)
            })
        else { return false }
        let line = first.trimmingCharacters(in: .whitespaces)
        return line.hasPrefix("# ") && line.count == 6 && line.dropFirst(2).allSatisfy(\.isNumber)
    }

    /// The plain journal `markdown` was exported from, each stamp read in one of `formats`
    /// (in `zone`) and written as `[YYYY-MM-DD HH:MM:SS]`.
    static func journal(fromMarkdown markdown: String, formats: [JrnlTimeFormat], zone: TimeZone)
        throws(JrnlJournal.Refusal) -> String
    {
        var out: [String] = []
        var inEntry = false
        // jrnl puts an empty line between an entry's title and its body.
        var afterTitle = false
        let stampFormat = Date.VerbatimFormatStyle(
            format:
                "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
            timeZone: zone, calendar: Calendar(identifier: .gregorian))
        let lines = markdown.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("### ") {
                let rest = line.dropFirst(4)
                // The longest stamp any format reads: `%F %r` rather than `%F %R` of its start.
                guard
                    let (date, length) = formats.compactMap({
                        $0.date(atStartOf: rest, zone: zone)
                    }).max(by: { $0.length < $1.length })
                else {
                    throw JrnlJournal.Refusal(
                        message:
                            "line \(index + 1): '\(rest.prefix(40))' does not start with a date in \(formats.map { "'\($0)'" }.joined(separator: " or ")) (name jrnl's timeformat with --time-format)"
                    )
                }
                let title = String(decoding: rest.utf8.dropFirst(length), as: UTF8.self)
                    .drop { $0 == " " }
                out.append("[\(date.formatted(stampFormat))] \(title)")
                inEntry = true
                afterTitle = true
                continue
            }
            defer { afterTitle = false }
            if afterTitle && line.isEmpty {
                continue
            } else if !inEntry || isYearOrMonth(line) {
                guard line.allSatisfy(\.isWhitespace) || isYearOrMonth(line) else {
                    throw JrnlJournal.Refusal(
                        message: "line \(index + 1): text before the first ### entry")
                }
            } else if line.hasPrefix("####") {
                out.append(String(line.dropFirst(3)))
            } else {
                out.append(String(line))
            }
        }
        return out.joined(separator: "\n")
    }

    /// `# 2025` or `## November`, as jrnl heads each year and month.
    private static func isYearOrMonth(_ line: Substring) -> Bool {
        if line.hasPrefix("# "), line.count == 6, line.dropFirst(2).allSatisfy(\.isNumber) {
            return true
        }
        guard line.hasPrefix("## ") else { return false }
        return JrnlTimeFormat.months.contains(line.dropFirst(3).lowercased())
    }
}
