/// Why the server could not start.
public enum ServerStartError: Error, CustomStringConvertible, Equatable {
    case addressInUse(host: String, port: Int)
    case cannotListen(host: String, port: Int, reason: String)
    case dataDirectoryUnusable(path: String, reason: String)
    /// The database cannot be reached or used; the text names its host and port.
    case databaseUnusable(String)
    /// A non-loopback address with no user yet: the single-person mode is for this machine only.
    case noUsersYet(host: String)
    case tlsUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the address is already in use (try --port)"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .dataDirectoryUnusable(let path, let reason):
            "cannot use the data directory \(path): \(reason)"
        case .databaseUnusable(let text): text
        case .tlsUnusable(let path, let reason): "cannot use \(path) for TLS: \(reason)"
        case .noUsersYet(let host):
            "--host \(host) lets other machines in, but this server has no users yet: add one first (casebook user add NAME --role admin), or serve 127.0.0.1"
        }
    }
}
