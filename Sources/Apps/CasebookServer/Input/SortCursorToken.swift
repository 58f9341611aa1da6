import CasebookJSON
import SurveySyncCore

/// Where a page of a sorted table starts, as its address carries it (`sorted_after=`): the
/// key of the previous page's last respondent, its value and id as a JSON array (`["n", "9.0",
/// "r7"]`, `["t", "Ada", "r3"]`, `["b", null, "r9"]`), in base64url.
enum SortCursorToken {
    static func token(_ key: RespondentSort.Key) -> String {
        let value: [JSONValue] =
            switch key.value {
            // As text, which holds an infinity too (a JSON number past a Double's range).
            case .number(let number): ["n", .string(String(number))]
            case .text(let text): ["t", .string(text)]
            case .blank: ["b", .null]
            }
        return Base64URL.encode(JSONWriter.data(.array(value + [.string(key.id)])))
    }

    /// The key `token` carries; nil for anything this page did not write.
    static func key(from token: String) -> RespondentSort.Key? {
        guard token.utf8.count <= 4 * 1024, let bytes = Base64URL.decode(token),
            case .array(let parts)? = try? JSONParser.parse(Array(bytes)), parts.count == 3,
            case .string(let id) = parts[2]
        else { return nil }
        switch (parts[0], parts[1]) {
        case (.string("n"), .string(let text)):
            guard let number = Double(text), !number.isNaN else { return nil }
            return .init(value: .number(number), id: id)
        case (.string("t"), .string(let text)): return .init(value: .text(text), id: id)
        case (.string("b"), .null): return .init(value: .blank, id: id)
        default: return nil
        }
    }
}
