/// One step of a store's schema in PostgreSQL: numbered from 1 in the order they apply, each
/// applied once, in a transaction with the record that it was.
public struct PostgresMigration: Sendable {
    public let version: Int
    public let name: String
    public let sql: [String]

    /// `sql` holds one statement per element (the extended protocol runs one at a time).
    public init(_ version: Int, _ name: String, sql: [String]) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
