import CasebookFileSystem
import Foundation

/// Where a PostgreSQL database is, from a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
/// URL (`postgresql://` too). The password comes from the URL, else from `PGPASSWORD`, else from
/// a file; it is never part of `description`, so the URL can be printed and logged safely.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted: `?sslmode=` as libpq reads it.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never encrypted.
        case disable
        /// Encrypted when the server offers it, the certificate unchecked (libpq's default).
        case prefer
        /// Always encrypted, the certificate unchecked.
        case require
        /// Always encrypted, the certificate checked against the system's trust roots and the
        /// host name.
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode

    public init(
        user: String, password: String? = nil, host: String, port: Int = 5432, database: String,
        tls: TLSMode = .prefer
    ) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
        self.tls = tls
    }

    /// What is wrong with a database URL, naming the part.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let problem: String
        public var description: String { "the database URL \(problem)" }
    }

    /// Parses `text`; a password missing from it is taken from `environment["PGPASSWORD"]`,
    /// else from the first line of `passwordFile`.
    public init(
        _ text: String, environment: [String: String] = [:], passwordFile: URL? = nil
    ) throws(ParseError) {
        guard let components = URLComponents(string: text) else {
            throw ParseError(problem: "is not a URL (postgres://USER@HOST:PORT/DATABASE)")
        }
        guard ["postgres", "postgresql"].contains(components.scheme?.lowercased() ?? "") else {
            throw ParseError(problem: "must start with postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ParseError(problem: "names no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ParseError(problem: "names no user (postgres://USER@\(host)/DATABASE)")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw ParseError(problem: "names no database (postgres://\(user)@\(host)/DATABASE)")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw ParseError(problem: "has a port out of range: \(port)")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw ParseError(problem: "has an unknown parameter '\(item.name)' (only sslmode)")
            }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw ParseError(problem: "has an unknown sslmode (one of \(modes))")
            }
            tls = mode
        }
        var password = components.password
        if password == nil { password = environment["PGPASSWORD"] }
        if password == nil, let passwordFile {
            let text: String
            do {
                text = try BoundedFile.text(
                    atPath: passwordFile.path, limit: 64 * 1024, followingSymlink: true)
            } catch {
                throw ParseError(
                    problem:
                        "names a password file that cannot be read: \(passwordFile.path): \(error)"
                )
            }
            password = String(text.prefix { $0 != "\n" && $0 != "\r" })
        }
        self.init(
            user: user, password: password, host: host, port: port, database: database, tls: tls)
    }

    /// The URL without its password.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// Where the server is, for messages: host and port.
    public var address: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
