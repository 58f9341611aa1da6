/// Which part of a query cannot be read, and why.
public enum DiaryQueryError: Error, Equatable, CustomStringConvertible {
    case search(DiarySearchError)
    case from(DiaryDayError)
    case to(DiaryDayError)

    public var description: String {
        switch self {
        case .search(let error): "\(error)"
        case .from(let error), .to(let error): "\(error)"
        }
    }
}
