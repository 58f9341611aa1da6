import ArgumentParser

/// A mistyped command, caught before the parser sees it: `casebook diray list` is refused as
/// git refuses `git comit` — naming the word, the command it was looked up in, and the nearest
/// command's name when one is close (at most two edits away) — with status 64. `casebook help`
/// of a command that does not exist is refused the same way, not answered with the top help.
enum CommandSuggestion {
    /// The refusal's lines for `arguments` (without the program's name), or nil when their commands
    /// exist. Only the leading words are commands; the first option or a command without
    /// subcommands ends them.
    static func refusal(_ arguments: [String]) -> [String]? {
        var words = arguments[...]
        var prefix = "casebook"
        if words.first == "help" {
            words = words.dropFirst()
            prefix = "casebook help"
        }
        var command: any ParsableCommand.Type = Casebook.self
        var path = ["casebook"]
        for word in words {
            let subcommands = command.configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty else { return nil }
            if let found = subcommands.first(where: { $0._commandName == word }) {
                command = found
                path.append(word)
                continue
            }
            if prefix != "casebook help" { prefix = path.joined(separator: " ") }
            var message = "\(prefix): '\(word)' is not a \(command._commandName) command"
            if let nearest = nearest(to: word, among: subcommands.map { $0._commandName }) {
                message += "; did you mean '\(nearest)'?"
            }
            return [message, "See 'casebook --help'."]
        }
        return nil
    }

    /// The name fewest edits from `word`, if it is at most two away (one for short words).
    static func nearest(to word: String, among names: [String]) -> String? {
        let limit = word.count <= 3 ? 1 : 2
        return names.map { (name: $0, distance: distance(word, $0)) }
            .filter { $0.distance <= limit }
            .min { $0.distance < $1.distance }?.name
    }

    /// Levenshtein's distance between `a` and `b`, counting a swap of two neighbours as one
    /// edit (as `git` does).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
