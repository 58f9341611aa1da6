/// Why the server could not start on its database, in one line naming the database's host and
/// port (never the password).
public struct PostgresStartError: Error, CustomStringConvertible {
    public let url: DatabaseURL
    public let problem: String

    public init(url: DatabaseURL, problem: String) {
        self.url = url
        self.problem = problem
    }

    public var description: String {
        "cannot use the PostgreSQL database \(url.database) at \(url.addresses): \(problem)"
    }

    /// A problem found while preparing, before it is tied to its database.
    struct Problem: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
