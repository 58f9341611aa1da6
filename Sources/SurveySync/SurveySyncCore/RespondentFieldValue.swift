/// A condition on one field of a respondent: its cell in `column` (as the table and the CSV
/// show it: text as it is, a number, `true` or a list as its JSON, a null as empty) is exactly
/// `value`, byte for byte. The column names a field, a nested one by its path
/// (`household/head/name`, through maps only: `crops/0` is no list's first item); a respondent
/// without that field, or whose field there is a map, has no cell, and is not taken.
public struct RespondentFieldValue: Equatable, Sendable {
    public let column: String
    public let value: String

    public init(column: String, value: String) {
        self.column = column
        self.value = value
    }

    /// The keys of the column's path, outermost first.
    public var path: [String] {
        RespondentColumnName.path(of: column)
    }

    /// Whether the respondent whose fields are `fields` is taken.
    public func matches(_ fields: [String: JSONValue]) -> Bool {
        // By bytes, as a database compares text: `é` is not `e` and a combining accent.
        Self.cell(at: path, in: fields).map { Array($0.utf8) == Array(value.utf8) } ?? false
    }

    /// Whether the respondent whose canonical JSON is `body` is taken (false for bytes that
    /// are not a JSON object): what a store that cannot reach a field itself asks.
    public func matches(body: [UInt8]) -> Bool {
        guard case .object(let fields)? = try? JSONParser.parse(body) else { return false }
        return matches(fields)
    }

    /// The cell at `path` in `fields`; nil for none.
    static func cell(at path: [String], in fields: [String: JSONValue]) -> String? {
        guard let first = path.first, let value = fields[first] else { return nil }
        if path.count > 1 {
            guard case .object(let inner) = value else { return nil }
            return cell(at: Array(path.dropFirst()), in: inner)
        }
        switch value {
        case .object: return nil
        case .string(let text): return text
        case .null: return ""
        default: return JSONWriter.string(value)
        }
    }
}
