/// A respondent's id as a dictionary's key, told apart by its bytes as SQLite and PostgreSQL
/// tell text apart: Swift's `String` takes the same letters in two Unicode normalisations for
/// one key (`Malmö` and `Malmo` with a combining diaeresis), which would make two respondents
/// one. Ordered by its bytes too, as SQLite orders ids.
package struct RespondentIDKey: Hashable, Comparable, Sendable {
    package let id: String

    package init(_ id: String) { self.id = id }

    package static func == (left: Self, right: Self) -> Bool {
        left.id.utf8.elementsEqual(right.id.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        for byte in id.utf8 { hasher.combine(byte) }
        hasher.combine(id.utf8.count)
    }

    package static func < (left: Self, right: Self) -> Bool {
        left.id.utf8.lexicographicallyPrecedes(right.id.utf8)
    }
}
