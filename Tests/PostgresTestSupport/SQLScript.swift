import Foundation

/// The statements of a plain SQL script such as pg_dump writes, one by one: split at each `;`
/// outside quoted text, dollar-quoted bodies and comments, for a connection that runs one
/// statement at a time.
public enum SQLScript {
    public static func statements(in script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var characters = Array(script)[...]
        func take(through end: String) {
            while !characters.isEmpty {
                if characters.starts(with: end) {
                    current += end
                    characters = characters.dropFirst(end.count)
                    return
                }
                current.append(characters.removeFirst())
            }
        }
        while let character = characters.first {
            switch character {
            case "'":
                current.append(characters.removeFirst())
                take(through: "'")
            case "-" where characters.starts(with: "--"):
                while let next = characters.first, next != "\n" { characters.removeFirst() }
            case "$":
                let tag = characters.dropFirst().prefix { $0 == "_" || $0.isLetter || $0.isNumber }
                if characters.dropFirst(tag.count + 1).first == "$" {
                    let quote = "$" + String(tag) + "$"
                    current += quote
                    characters = characters.dropFirst(quote.count)
                    take(through: quote)
                } else {
                    current.append(characters.removeFirst())
                }
            case ";":
                characters.removeFirst()
                let statement = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !statement.isEmpty { statements.append(statement) }
                current = ""
            default:
                current.append(characters.removeFirst())
            }
        }
        let rest = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { statements.append(rest) }
        return statements
    }
}
