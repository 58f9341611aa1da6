import CasebookJSON
import DiaryCore
import Foundation

/// The body of `POST /api/diary/import`: entries as `diary export` and `GET /api/diary` write
/// them, `{"entries": [{"id", "date", "text"}, …]}`, each added with its id and date. Read
/// whole and every entry checked before any is added; a refusal names the member at fault
/// (`entries[3].date`).
public enum DiaryImportRequest {
    public static let shape =
        #"the body must be {"entries": [{"id", "date", "text", optionally "starred"}, …]}"#

    /// The most entries one request adds (a client sends a longer diary in parts).
    public static let mostEntries = 10_000

    /// The longest text of an entry, in bytes of UTF-8: what every way in takes (the API, the
    /// pages, every import), so that any entry can be saved again as it is.
    public static let longestText = 1 << 20

    /// The members an entry of the body may have: those of `DiaryEntryWire`, which a test
    /// holds this list to, so that a member added to the wire type is read here too.
    package static let entryMembers = Set(
        wireMembers + EntryContent.CodingKeys.allCases.map(\.rawValue))

    /// The members the wire type has beside the content's.
    private static let wireMembers = ["id", "date", "starred"]

    /// The entries of `bytes`, in their order.
    public static func entries(from bytes: some Collection<UInt8>) throws(WireJSON.Refusal)
        -> [Entry]
    {
        try read(bytes).entries
    }

    /// The entries of `bytes`, in their order, and those it stars (`"starred": true`, as a
    /// diary's export writes them).
    public static func read(_ bytes: some Collection<UInt8>) throws(WireJSON.Refusal)
        -> (entries: [Entry], starred: [Entry.ID])
    {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw WireJSON.Refusal("the body is not valid JSON: \(error)")
        }
        guard case .object(let members) = value, members.count == 1,
            let listed = members["entries"]
        else { throw WireJSON.Refusal(shape) }
        guard case .array(let items) = listed else {
            throw WireJSON.Refusal(shape, field: "entries")
        }
        guard items.count <= mostEntries else {
            throw WireJSON.Refusal(
                "at most \(mostEntries) entries in one request, not \(items.count)",
                field: "entries")
        }
        var entries: [Entry] = []
        var starred: [Entry.ID] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let place = "entries[\(index)]"
            guard case .object(let fields) = item else {
                throw WireJSON.Refusal(
                    "\(place) must be {\"id\", \"date\", \"text\"}", field: place)
            }
            if let unknown = fields.keys.sorted().first(where: { !entryMembers.contains($0) }) {
                throw WireJSON.Refusal(
                    "\(place) has no member '\(unknown)'", field: "\(place).\(unknown)")
            }
            func string(_ name: String) throws(WireJSON.Refusal) -> String {
                guard case .string(let text) = fields[name] else {
                    throw WireJSON.Refusal(
                        "\(place).\(name) must be a string", field: "\(place).\(name)")
                }
                return text
            }
            let text = try string("text")
            guard text.utf8.count <= longestText else {
                throw WireJSON.Refusal(
                    "\(place).text is longer than \(longestText) bytes", field: "\(place).text")
            }
            let wire = DiaryEntryWire(
                id: try string("id"), date: try string("date"),
                content: try content(of: fields, text: text, at: place), starred: nil)
            do {
                entries.append(try wire.entry())
            } catch {
                let field = "\(place).\(error.field ?? "")"
                throw WireJSON.Refusal("\(field): \(error.message)", field: field)
            }
            switch fields["starred"] {
            case nil, .bool(false): break
            case .bool(true): starred.append(entries[entries.count - 1].id)
            default:
                throw WireJSON.Refusal(
                    "\(place).starred must be true or false", field: "\(place).starred")
            }
        }
        if let (first, second) = DiaryFile.firstRepeatedID(in: entries) {
            let field = "entries[\(second)].id"
            throw WireJSON.Refusal(
                "\(field) is entries[\(first)]'s id too; an id names one entry", field: field)
        }
        return (entries, starred)
    }

    /// The content of an entry's `fields`: its text alone, read above, or, where the entry
    /// has more of the content's members, all of them as the content decodes itself, so that
    /// a field added to the content needs nothing here.
    private static func content(of fields: [String: JSONValue], text: String, at place: String)
        throws(WireJSON.Refusal) -> EntryContent
    {
        let others = fields.filter { !wireMembers.contains($0.key) }
        guard others.count > 1 else { return EntryContent(text: text) }
        do {
            return try JSONDecoder().decode(
                EntryContent.self, from: Data(JSONWriter.data(.object(others))))
        } catch let refusal as WireJSON.Refusal {
            // A check of the content's own, naming its member.
            let field = "\(place).\(refusal.field ?? "text")"
            throw WireJSON.Refusal("\(field): \(refusal.message)", field: field)
        } catch let mismatch as DecodingError {
            let member = WireJSON.path(of: mismatch).map { "\(place).\($0)" } ?? place
            let problem = WireJSON.place(of: mismatch).map { "\(place).\($0)" }
            throw WireJSON.Refusal(
                problem ?? "\(member) is not what an entry holds", field: member)
        } catch {
            throw WireJSON.Refusal("\(place): \(error)", field: place)
        }
    }
}
