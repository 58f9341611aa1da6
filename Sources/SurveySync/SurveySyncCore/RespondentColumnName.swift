/// The name of a column of respondents' cells (the table's, the CSV's, a sort's or a filter's):
/// the keys of a field's path through nested maps, outermost first, joined by `/` as ODK's CSV
/// names them (`household/head/age`). A `/` or `\` inside a key is escaped with a `\`
/// (`a\/b` is the key `a/b`; `a/b` is the key `b` of the map `a`), so that no two fields share
/// a column and every name reads back as the path it was made from.
public enum RespondentColumnName {
    /// The column of `key` inside the column `prefix` (nil: a top-level field).
    public static func name(_ key: String, in prefix: String?) -> String {
        let escaped = escaped(key)
        return prefix.map { $0 + "/" + escaped } ?? escaped
    }

    /// The keys of the path `name` names, outermost first.
    public static func path(of name: String) -> [String] {
        // Most names have no escape.
        guard name.utf8.contains(UInt8(ascii: "\\")) else {
            return name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        }
        var keys: [String] = []
        var key = ""
        var escaping = false
        for character in name {
            if escaping {
                key.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "/" {
                keys.append(key)
                key = ""
            } else {
                key.append(character)
            }
        }
        if escaping { key.append("\\") }
        keys.append(key)
        return keys
    }

    /// `key` with each `/` and `\` escaped by a `\`.
    static func escaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
        else { return key }
        var text = ""
        text.reserveCapacity(key.utf8.count + 2)
        for character in key {
            if character == "/" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text
    }
}
