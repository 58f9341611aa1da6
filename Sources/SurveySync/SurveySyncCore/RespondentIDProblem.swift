import Foundation

/// Why an id names no respondent anyone could reach at its address (`/api/respondents/{id}`,
/// the survey's pages), or could name two: the ids `.` and `..` are a path's dot segments,
/// which clients and the server resolve away; an id past `longest` bytes makes a request line
/// longer than a server takes; and an id not in Unicode's composed form (NFC) looks like, and
/// compares in Swift as, its composed spelling, which the stores tell apart by its bytes
/// (`josé` written as `e` and a combining accent). Such ids are refused where respondents come
/// in (files, the API), so that every respondent stored can be opened, and each has one
/// spelling.
public enum RespondentIDProblem: Equatable, Sendable {
    case dotSegment
    case tooLong
    /// Not in Unicode's Normalization Form C.
    case notComposed

    /// The most bytes (UTF-8) an id may have.
    public static let longest = 1_000

    /// What is wrong with `id`, if anything.
    public static func of(_ id: String) -> RespondentIDProblem? {
        if id == "." || id == ".." { return .dotSegment }
        if id.utf8.count > longest { return .tooLong }
        if !isComposed(id) { return .notComposed }
        return nil
    }

    /// Whether `id` is in Normalization Form C: its composed spelling has the same bytes.
    static func isComposed(_ id: String) -> Bool {
        // ASCII is composed, and most ids are ASCII.
        id.utf8.allSatisfy { $0 < 0x80 }
            || id.precomposedStringWithCanonicalMapping.utf8.elementsEqual(id.utf8)
    }

    /// The words for an id that is not composed: what is wrong, and how to write it.
    public static let notComposedWords =
        "is not in Unicode's composed form (NFC): its letters and accents are written apart; write it with composed letters (é, not e and a combining accent)"
}
