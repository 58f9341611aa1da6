/// Why a diary on a server could not be read or written, as a person reads it: the server
/// could not be reached, refused the request (with its own words), or answered what no
/// Casebook server answers.
public struct DiaryServerError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
