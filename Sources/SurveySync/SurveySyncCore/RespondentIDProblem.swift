/// Why an id names no respondent anyone could reach at its address (`/api/respondents/{id}`,
/// the survey's pages): the ids `.` and `..` are a path's dot segments, which clients and the
/// server resolve away, and an id past `longest` bytes makes a request line longer than a
/// server takes. Such ids are refused where respondents come in (files, the API), so that
/// every respondent stored can be opened.
public enum RespondentIDProblem: Equatable, Sendable {
    case dotSegment
    case tooLong

    /// The most bytes (UTF-8) an id may have.
    public static let longest = 1_000

    /// What is wrong with `id`, if anything.
    public static func of(_ id: String) -> RespondentIDProblem? {
        if id == "." || id == ".." { return .dotSegment }
        if id.utf8.count > longest { return .tooLong }
        return nil
    }
}
