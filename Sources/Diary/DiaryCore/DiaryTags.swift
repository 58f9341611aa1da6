import Foundation

/// The tags of an entry: the words written after a `#` (letters and digits of any script, `-`
/// and `_`), lowercase, each once, in the order first written. A `#` inside a word (`C#`,
/// `issue#12`) starts no tag.
public enum DiaryTags {
    /// The longest tag, in Unicode scalars (lowercase and composed).
    public static let longestTag = 64
    /// The most tags an entry has; the first ones written count.
    public static let mostTags = 64

    /// The tags written in `text`.
    public static func tags(in text: String) -> [String] {
        // Most entries have no tag: their bytes alone tell it.
        guard text.utf8.contains(UInt8(ascii: "#")) else { return [] }
        var tags: [String] = []
        var seen: Set<String> = []
        var previous: Character?
        var index = text.startIndex
        while index != text.endIndex, tags.count < mostTags {
            let character = text[index]
            defer { previous = character }
            index = text.index(after: index)
            guard character == "#", !(previous.map(isTagCharacter) ?? false) else { continue }
            let end = text[index...].firstIndex { !isTagCharacter($0) } ?? text.endIndex
            let tag = normalized(text[index..<end])
            guard tag.first.map({ $0.isLetter || $0.isNumber }) == true,
                tag.unicodeScalars.count <= longestTag
            else { continue }
            if seen.insert(tag).inserted { tags.append(tag) }
        }
        return tags
    }

    /// `text` as a tag (lowercase), if it is one: what a filter by tag is given.
    public static func tag(_ text: String) -> String? {
        let tag = normalized(Substring(text))
        guard !tag.isEmpty, tag.unicodeScalars.count <= longestTag, tag.allSatisfy(isTagCharacter),
            tag.first.map({ $0.isLetter || $0.isNumber }) == true
        else { return nil }
        return tag
    }

    /// A tag lowercase and composed (NFC): `#Café` typed with a combining accent is `#café`.
    static func normalized(_ text: Substring) -> String {
        text.lowercased().precomposedStringWithCanonicalMapping
    }

    static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }
}
