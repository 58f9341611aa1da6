/// Why the server could not start.
public enum ServerStartError: Error, CustomStringConvertible, Equatable {
    case addressInUse(host: String, port: Int)
    case cannotListen(host: String, port: Int, reason: String)
    case dataDirectoryUnusable(path: String, reason: String)
    /// The database cannot be reached or used; the text names its host and port.
    case databaseUnusable(String)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the address is already in use (try --port)"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .dataDirectoryUnusable(let path, let reason):
            "cannot use the data directory \(path): \(reason)"
        case .databaseUnusable(let text): text
        }
    }
}
