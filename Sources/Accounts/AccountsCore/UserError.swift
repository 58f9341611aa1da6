/// A request about users that cannot be met, said so that whoever typed it can act on it.
public enum UserError: Error, Equatable, CustomStringConvertible {
    case exists(String)
    case unknown(String)
    case invalidName(String)
    case weakPassword(String)
    case unknownToken(String)

    public var description: String {
        switch self {
        case .exists(let name): "there is already a user named '\(name)'"
        case .unknown(let name): "there is no user named '\(name)'"
        case .invalidName(let name):
            "'\(name)' cannot name a user: use 1 to 64 of a-z, 0-9, '.', '_' and '-', starting with a letter or digit"
        case .weakPassword(let reason): "the password \(reason)"
        case .unknownToken(let id): "there is no token '\(id)'"
        }
    }
}
