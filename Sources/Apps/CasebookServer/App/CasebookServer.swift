import AccountsCore
import CasebookFileSystem
import CasebookPostgres
import CasebookSQLite
import Diary
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import Menu
import NIOCore
import NIOSSL
import SurveySyncCore

/// The Casebook web server: the JSON API and the pages of every system. `Services` is its
/// composition root (every service built from the stores and the configuration), and
/// `buildRouter(_:renderer:)` hands each controller and page what it needs.
public enum CasebookServer {
    /// The most a request's header may hold: 8 KiB a field, 32 KiB in all, 100 fields.
    static let headerLimits = HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 32 * 1024, maxHeaderFieldCount: 100)

    /// The connections the kernel holds for the server until it accepts them. Hummingbird's 256
    /// overflowed under a crowd of a thousand arriving at once, and each connection dropped
    /// waited a second or more for its client to retry; Linux caps this at `somaxconn` (4,096).
    static let acceptBacklog = 4096

    /// The application on `configuration`'s address; `onRunning` gets the URL it serves (with the
    /// real port when port 0 asked for any free one).
    public static func application(
        configuration: Configuration,
        stores: Stores,
        onRunning: @escaping @Sendable (URL) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var logger = Logger(label: "casebook")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"]
            .flatMap(Logger.Level.init(rawValue:)) ?? .warning
        let host = configuration.host
        let timeouts = configuration.timeouts
        let trustedProxies = Set(configuration.trustedProxies)
        let tls = try configuration.tlsConfiguration()
        var routed = configuration
        if tls != nil { routed.secureCookies = true }
        let scheme = tls == nil ? "http" : "https"
        var app = Application(
            router: try router(stores: stores, configuration: routed),
            server: HTTPServerBuilder { responder in
                let channel = GuardedHTTP1Channel(
                    responder: responder, timeouts: timeouts, limits: Self.headerLimits,
                    trustedProxies: trustedProxies)
                guard let tls else { return channel }
                return try TLSChannel(channel, tlsConfiguration: tls)
            },
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: "Casebook",
                backlog: Self.acceptBacklog),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let shownHost = host.contains(":") ? "[\(host)]" : host
                await onRunning(URL(string: "\(scheme)://\(shownHost):\(port)/")!)
            },
            logger: logger
        )
        if let database = stores.database {
            // The pool runs beside the server; the tables are ready before the first request.
            app.addServices(database)
            let users = stores.users
            let host = configuration.host
            app.beforeServerStarts {
                try await database.prepare(Stores.postgresSchemas)
                try await Self.refuseAnOpenAddressWithoutUsers(host: host, users: users)
            }
        }
        return app
    }

    /// Runs until SIGINT or SIGTERM, finishing requests in flight.
    /// - Throws: `ServerStartError` when the address cannot be used.
    public static func run(
        configuration: Configuration,
        onRunning: @escaping @Sendable (URL) async -> Void
    ) async throws {
        let stores: Stores
        do {
            if let url = configuration.database {
                // Of several hosts, the first of the kind the URL asks for.
                stores = try Stores.postgres(
                    try await PostgresDatabase.connecting(
                        to: url, deadline: configuration.databaseTimeout),
                    dataDirectory: configuration.dataDirectory)
            } else {
                stores = try Stores.open(in: configuration.dataDirectory)
            }
        } catch let error as PostgresStartError {
            throw ServerStartError.databaseUnusable(error.description)
        } catch let failure as PrivateDirectory.Failure
            where failure.path == configuration.dataDirectory.path
        {
            throw ServerStartError.dataDirectoryUnusable(
                path: failure.path, reason: failure.reason)
        } catch {
            throw ServerStartError.dataDirectoryUnusable(
                path: configuration.dataDirectory.path, reason: "\(error)")
        }
        // On a database, once its tables are ready (`application`).
        if stores.database == nil {
            try await Self.refuseAnOpenAddressWithoutUsers(
                host: configuration.host, users: stores.users)
        }
        DescriptorLimit.raiseToHardLimit()
        let app = try application(
            configuration: configuration, stores: stores, onRunning: onRunning)
        ProcessLifetime.keep(app)
        do {
            try await app.runService()
            SQLiteDatabase.checkpointEveryOpenDatabase()
        } catch let error as PostgresStartError {
            throw ServerStartError.databaseUnusable(error.description)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServerStartError.addressInUse(host: configuration.host, port: configuration.port)
        } catch let error as IOError {
            throw ServerStartError.cannotListen(
                host: configuration.host, port: configuration.port, reason: "\(error)")
        }
    }
}

extension CasebookServer {
    /// Refuses to serve an address other machines reach while nobody can sign in: the server
    /// would be everyone's who reaches it.
    /// - Throws: `ServerStartError.noUsersYet`.
    static func refuseAnOpenAddressWithoutUsers(
        host: String, users: (any UserStore & TokenStore & SessionStore)?
    ) async throws {
        if !isLoopback(host), try await users?.count() ?? 0 == 0 {
            throw ServerStartError.noUsersYet(host: host)
        }
    }

    /// Whether `host` is an address only this machine reaches.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
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
