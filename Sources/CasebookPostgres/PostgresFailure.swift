import PostgresNIO

/// What went wrong with PostgreSQL, in the words a person can act on: the server's own message
/// (with its SQLSTATE) or why the connection failed, never the query's values or the password.
public enum PostgresFailure {
    /// `error`, said plainly.
    public static func reason(_ error: any Error) -> String {
        let error = innermost(error)
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying {
            return "\(underlying)"
        }
        return "\(error.code)"
    }

    /// The SQLSTATE of a server error, if `error` is one.
    public static func sqlState(_ error: any Error) -> String? {
        (innermost(error) as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// What failed inside a transaction, rather than the transaction's wrapper.
    private static func innermost(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.closureError ?? error.beginError ?? error.commitError ?? error
    }

    /// Whether `error` means the database could not be reached or the connection went away (as
    /// opposed to the server refusing a statement).
    public static func isUnreachable(_ error: any Error) -> Bool {
        guard let error = innermost(error) as? PSQLError else { return true }
        guard error.serverInfo != nil else { return true }
        // Class 08: connection exception; 57P: operator intervention (shutdown, crash).
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || state.hasPrefix("57P")
    }
}
