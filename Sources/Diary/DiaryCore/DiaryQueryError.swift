/// Which part of a query cannot be read, and why.
public enum DiaryQueryError: Error, Equatable, CustomStringConvertible {
    case search(DiarySearchError)
    case from(DiaryDayError)
    case to(DiaryDayError)
    /// A tag asked for that cannot be one (it is written without its `#`).
    case tag(String)
    /// More tags asked for than a query takes.
    case tooManyTags(limit: Int)

    public var description: String {
        switch self {
        case .search(let error): "\(error)"
        case .from(let error), .to(let error): "\(error)"
        case .tag(let text):
            "'\(text)' is not a tag (letters, digits, - and _, at most \(DiaryTags.longestTag), without the #)"
        case .tooManyTags(let limit): "a list is of entries with at most \(limit) tags"
        }
    }
}
