import CasebookPostgres
import Foundation
import Menu

extension CasebookServer {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var dataDirectory: URL
        /// The menu `/api/menu` serves.
        public var menu: Menu
        /// Host names the server answers for besides 127.0.0.1, localhost and [::1] (and the
        /// address it listens on, when that is one address): a request for any other is a 421.
        public var allowedHosts: [String] = []
        /// The backends the survey page may sync to besides this server itself. Nothing a
        /// visitor sends can add to them.
        public var syncBackends: [URL] = []
        /// When slow or silent clients are cut off.
        public var timeouts = ServerTimeouts()
        /// The PostgreSQL database every server store lives in, shared with any other server
        /// on it; nil for SQLite files in the data directory.
        public var database: DatabaseURL?
        /// HTTPS: the PEM files of the certificate chain and the private key. Without them,
        /// plain HTTP (behind a TLS-terminating proxy, set `secureCookies`).
        public var tlsCertificate: URL?
        public var tlsKey: URL?
        /// Whether cookies are marked Secure (sent over HTTPS only): when the server, or the
        /// proxy in front of it, serves HTTPS.
        public var secureCookies = false
        /// How long a session cookie's or token's user is remembered after a look-up, in a
        /// data directory (zero: never kept). A change to the users' database there — a new
        /// password, a removed user, a revoked token, from any process — ends it at once.
        public var credentialCacheLifetime: Duration = .seconds(2)
        /// The same on a shared PostgreSQL database, where nothing local can tell of a change
        /// another instance made: such a change takes effect within it. Zero by default, so
        /// every request asks the database and a change takes effect at once everywhere.
        public var credentialCacheLifetimeOnDatabase: Duration = .zero
        /// The addresses of proxies in front of the server (nginx, say) whose
        /// `X-Forwarded-For` names the client a sign-in comes from; without them, every client
        /// behind a proxy would count as the proxy's one address.
        public var trustedProxies: [String] = []
        /// How long the server trusts its last look at whether it has users (a first user
        /// added from the command line takes effect within it).
        public var userCheckInterval: Duration = .seconds(1)
        /// How long a request waits for the database before it is answered 503.
        public var databaseTimeout: Duration = PostgresDeadline.standard
        /// Where the access log goes: a file's path, `-` for standard output, nil for none.
        public var accessLog: String?
        /// bcrypt's cost for the passwords the server hashes and for the decoy a name nobody
        /// has is checked against; the users' own hashes should have the same cost, so that
        /// refusing an unknown name takes as long as refusing a wrong password.
        public var passwordCost: UInt8 = 12  // BcryptPasswordHasher.standardCost
        /// Whether the menu (`/menu`, `GET /api/menu`) is for users only once there are users;
        /// by default a restaurant's menu is for anyone, its guests included.
        public var privateMenu = false

        public init(
            host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL,
            menu: Menu = .giuseppes
        ) {
            self.host = host
            self.port = port
            self.dataDirectory = dataDirectory
            self.menu = menu
        }
    }
}
