import CasebookFileSystem
import CasebookPostgres
import Diary
import Foundation
import Menu
import NIOSSL

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
        /// scrypt's cost for a diary its diarist encrypts from the diary's Encryption page.
        public var diarySealCost = SealedDiaryFile.Cost.standard
        /// The code `/setup` asks for before it makes the first admin, which `casebook serve`
        /// prints at start: only whoever can read the server's output makes its first admin,
        /// whatever address a request seems to come from (a proxy on the same machine makes
        /// every request look local). Nil asks for none.
        public var setupCode: String?
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

extension CasebookServer.Configuration {
    /// The server's TLS set-up from `tlsCertificate` and `tlsKey`, or nil for plain HTTP.
    /// - Throws: `ServerStartError.tlsUnusable` naming the file that cannot be used.
    func tlsConfiguration() throws -> TLSConfiguration? {
        guard let certificate = tlsCertificate, let key = tlsKey else { return nil }
        let chain = try Self.pem(at: certificate, "certificate") {
            try NIOSSLCertificate.fromPEMBytes($0)
        }
        let privateKey = try Self.pem(at: key, "private key") {
            try NIOSSLPrivateKey(bytes: $0, format: .pem)
        }
        guard !chain.isEmpty else {
            throw ServerStartError.tlsUnusable(
                path: certificate.path, reason: "it holds no certificate")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        // Mozilla's "intermediate" profile: TLS 1.2 and 1.3 only, and for TLS 1.2 the ECDHE
        // suites with AEAD ciphers alone (NIO SSL's defaults add TLS 1.0 and 1.1, static-RSA
        // key exchange and CBC with SHA-1). TLS 1.3's suites are all AEAD, and BoringSSL
        // chooses among them itself.
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = [
            .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
            .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
            .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
            .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
        ]
        // Made here once to check that the key belongs to the certificate: the server makes its
        // own, and would otherwise fail with no file named.
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw ServerStartError.tlsUnusable(
                path: key.path, reason: "it is not the private key of \(certificate.path)")
        }
        return configuration
    }

    /// What `parse` makes of the PEM file at `url`: a regular file of at most 1 MiB (a symbolic
    /// link followed, as an ACME client's are). Throws `tlsUnusable` with the file problem, or
    /// "it is not a PEM \(what)" when the bytes are not one.
    private static func pem<T>(at url: URL, _ what: String, _ parse: ([UInt8]) throws -> T)
        throws -> T
    {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(
                atPath: url.path, limit: 1024 * 1024, followingSymlink: true)
        } catch {
            throw ServerStartError.tlsUnusable(path: url.path, reason: error.description)
        }
        do {
            return try parse(bytes)
        } catch {
            // A key kept under a passphrase, which a server started unattended cannot type.
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")
                || text.contains("Proc-Type: 4,ENCRYPTED")
            {
                throw ServerStartError.tlsUnusable(
                    path: url.path,
                    reason:
                        "it is a private key under a passphrase: give one without (openssl pkey -in \(url.lastPathComponent) -out plain.pem)"
                )
            }
            throw ServerStartError.tlsUnusable(path: url.path, reason: "it is not a PEM \(what)")
        }
    }

    /// Whether `text` is an IPv4 or IPv6 address (for `--trusted-proxy`).
    public static func isIPAddress(_ text: String) -> Bool {
        PeerAddress.isIPAddress(text)
    }

    /// Whether `text` can be an allowed host: a DNS name, an IPv4 address, or an IPv6 address
    /// in brackets; no port.
    public static func isHostName(_ text: String) -> Bool {
        guard AllowedHosts.host(ofAuthority: text) == text[...] else { return false }
        if text.hasPrefix("[") {
            return text.dropFirst().dropLast().allSatisfy {
                $0.isHexDigit || $0 == ":" || $0 == "."
            }
        }
        return text.allSatisfy {
            ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "."
        }
    }

    /// The allowed hosts, with the listening address when it is one address (not 0.0.0.0 or ::).
    var hostsServed: AllowedHosts {
        let listening = host.contains(":") ? "[\(host)]" : host
        let isWildcard = ["0.0.0.0", "[::]"].contains(listening)
        return AllowedHosts(extra: allowedHosts + (isWildcard ? [] : [listening]))
    }
}
