import Foundation

/// A diary request that cannot be met.
public enum DiaryError: Error, Equatable, CustomStringConvertible {
    case unknownEntry(Entry.ID)
    case malformedID(String)
    /// What was typed starts the ids of several entries (the first few, in id order).
    case ambiguousID(String, matches: [Entry.ID])
    case noEntryStartingWith(String)

    public var description: String {
        switch self {
        case .unknownEntry(let id): "there is no entry \(id.uuidString.lowercased())"
        case .malformedID(let text):
            "'\(text)' is not an entry id (ids look like 6f9619ff-8b86-d011-b42d-00c04fc964ff)"
        case .ambiguousID(let text, let matches):
            "'\(text)' is the start of more than one entry's id: "
                + matches.map { $0.uuidString.lowercased() }.joined(separator: ", ")
        case .noEntryStartingWith(let text): "no entry's id starts with '\(text)'"
        }
    }

    /// The id `text` spells, in any case.
    public static func id(from text: String) throws(DiaryError) -> Entry.ID {
        guard let id = EntryIDText.id(from: text.trimmingCharacters(in: .whitespaces)) else {
            throw .malformedID(text)
        }
        return id
    }
}
