/// What a menu store refuses, besides a conflict.
public enum MenuStoreError: Error, Equatable, CustomStringConvertible {
    case unknownRevision(Int)

    public var description: String {
        switch self {
        case .unknownRevision(let number): "there is no revision \(number) of the menu"
        }
    }
}
