/// How a store holds its SQLite file: a pool (a writer and readers, for a server's many
/// requests at once) or one connection (for a command that opens, does one thing and exits).
/// Both keep the file in WAL mode, so a command and a server can use it at the same time.
public enum StoreConnections: Sendable {
    case pool
    /// One connection: no reader to open and no WAL file to prepare, which a pool does at every
    /// open (a write and a sync when the last process to close removed the WAL file).
    case one
}
