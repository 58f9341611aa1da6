import CasebookFileSystem
import Foundation

/// Where a PostgreSQL database is, from a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
/// URL (`postgresql://` too), or with several hosts as libpq reads them
/// (`postgres://USER@db1:5432,db2:5432/DATABASE?target_session_attrs=read-write`: the hosts are
/// tried in order, and the first of the kind asked for is kept). The password comes from the URL, else from `PGPASSWORD`, else from
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

    /// Which of several servers a connection keeps: `?target_session_attrs=` as libpq reads
    /// it. The kinds that prefer a standby are refused: Casebook writes.
    public enum TargetSessionAttributes: String, Sendable, CaseIterable {
        /// The first that accepts the connection.
        case any
        /// The first that accepts writes (`transaction_read_only` off).
        case readWrite = "read-write"
        /// The first that is not in recovery (not a standby).
        case primary
    }

    /// One host of the URL and its port.
    public struct Endpoint: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String, port: Int = 5432) {
            self.host = host
            self.port = port
        }

        /// `host:port`, an IPv6 address in brackets.
        public var address: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
    }

    /// The most hosts a URL may list.
    public static let mostHosts = 64

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode
    /// The hosts after the first (`host` and `port`), in order.
    public var otherEndpoints: [Endpoint] = []
    /// Which of the hosts a connection keeps.
    public var targetSessionAttributes: TargetSessionAttributes = .any

    /// Every host, in the order they are tried: `host` and `port` first.
    public var endpoints: [Endpoint] { [Endpoint(host: host, port: port)] + otherEndpoints }

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
        let (single, first, others) = try Self.hostList(of: text)
        guard let components = URLComponents(string: single) else {
            throw ParseError(problem: "is not a URL (postgres://USER@HOST:PORT/DATABASE)")
        }
        guard ["postgres", "postgresql"].contains(components.scheme?.lowercased() ?? "") else {
            throw ParseError(problem: "must start with postgres:// or postgresql://")
        }
        guard let host = components.host.map(Self.withoutBrackets), !host.isEmpty else {
            throw ParseError(problem: "names no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ParseError(problem: "names no user (postgres://USER@\(host)/DATABASE)")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw ParseError(problem: "names no database (postgres://\(user)@\(host)/DATABASE)")
        }
        // The port as written, checked by `hostList`: Foundation reads one past Int's range as
        // none at all, which would be 5432 unseen.
        let port = first?.port ?? 5432
        // Each decoded part goes into PostgreSQL's startup message as it is: a NUL there would
        // end the part and start a parameter of the URL's choosing.
        for (part, value) in [("host", host), ("user", user), ("database", database)] {
            try Self.refuseControlCharacters(in: value, part: "its \(part)")
        }
        try Self.refuseControlCharacters(
            in: components.password ?? "", part: "its password", nulOnly: true)
        var tls = TLSMode.prefer
        var target = TargetSessionAttributes.any
        var given: Set<String> = []
        for item in components.queryItems ?? [] {
            // Given twice, neither value is taken over the other unseen.
            guard given.insert(item.name).inserted else {
                throw ParseError(problem: "gives \(item.name) twice")
            }
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ParseError(problem: "has an unknown sslmode (one of \(modes))")
                }
                tls = mode
            case "target_session_attrs":
                target = try Self.targetSessionAttributes(item.value ?? "")
            default:
                throw ParseError(
                    problem:
                        "has an unknown parameter '\(item.name)' (only sslmode and target_session_attrs)"
                )
            }
        }
        var password = components.password
        if password == nil, let given = environment["PGPASSWORD"] {
            try Self.refuseControlCharacters(
                in: given, part: "the password of PGPASSWORD", nulOnly: true)
            password = given
        }
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
            // The first line, whatever ends it: "\r\n" is one Character, so the line is cut
            // at its scalars.
            let line = String(
                String.UnicodeScalarView(text.unicodeScalars.prefix { $0 != "\n" && $0 != "\r" }))
            guard !line.isEmpty else {
                throw ParseError(
                    problem:
                        "names a password file whose first line, the password, is empty: \(passwordFile.path)"
                )
            }
            try Self.refuseControlCharacters(
                in: line, part: "the password of \(passwordFile.path)", nulOnly: true)
            password = line
        }
        self.init(
            user: user, password: password, host: host, port: port, database: database, tls: tls)
        otherEndpoints = others
        targetSessionAttributes = target
    }

    /// Refuses `value` when it holds a control character (`nulOnly`: a NUL), which would reach
    /// PostgreSQL's startup message as it is: a NUL ends the part and starts a parameter of the
    /// URL's choosing. A password may hold any other character.
    private static func refuseControlCharacters(
        in value: String, part: String, nulOnly: Bool = false
    ) throws(ParseError) {
        guard
            let scalar = value.unicodeScalars.first(where: {
                nulOnly ? $0 == "\0" : $0.properties.generalCategory == .control
            })
        else { return }
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        throw ParseError(problem: "has a control character (U+\(padded)) in \(part)")
    }

    /// An IPv6 address without its brackets (Foundation keeps them on Linux).
    private static func withoutBrackets(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// `text` with only its first host, for `URLComponents`, that host and the hosts after
    /// it: a list of hosts (`h1:5432,[::1]:5433,h3`) is read here, each host and port checked.
    private static func hostList(of text: String) throws(ParseError) -> (
        String, Endpoint?, [Endpoint]
    ) {
        guard let schemeEnd = text.range(of: "://") else { return (text, nil, []) }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let hostsStart =
            authority.lastIndex(of: "@").map { authority.index(after: $0) }
            ?? authority.startIndex
        let hosts = authority[hostsStart...]
        guard hosts.contains(",") else {
            return (text, hosts.isEmpty ? nil : try endpoint(hosts, ordinal: 1), [])
        }
        let tokens = hosts.split(separator: ",", omittingEmptySubsequences: false)
        guard tokens.count <= mostHosts else {
            throw ParseError(problem: "names more than \(mostHosts) hosts")
        }
        var endpoints: [Endpoint] = []
        for (index, token) in tokens.enumerated() {
            endpoints.append(try endpoint(token, ordinal: index + 1))
        }
        let single = String(text[..<hostsStart]) + tokens[0] + String(rest[authorityEnd...])
        return (single, endpoints.first, Array(endpoints.dropFirst()))
    }

    /// One host of a list, `host`, `host:port` or `[ipv6]:port`.
    private static func endpoint(_ token: Substring, ordinal: Int) throws(ParseError) -> Endpoint {
        var host = token
        var portText: Substring?
        if token.hasPrefix("[") {
            guard let close = token.firstIndex(of: "]") else {
                throw ParseError(problem: "has an IPv6 address without its ]")
            }
            host = token[token.index(after: token.startIndex)..<close]
            let after = token[token.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw ParseError(problem: "has something after an IPv6 address: \(after)")
            }
        } else if let colon = token.lastIndex(of: ":") {
            host = token[..<colon]
            portText = token[token.index(after: colon)...]
        }
        guard !host.isEmpty else {
            throw ParseError(problem: "names an empty host (the \(Self.ordinal(ordinal)))")
        }
        var port = 5432
        // An empty port is the default, as libpq has it (`h2:`).
        if let portText, !portText.isEmpty {
            guard portText.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw ParseError(problem: "has a port that is not a number: \(portText)")
            }
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw ParseError(
                    problem: "has port \(portText), which is not between 1 and 65535")
            }
            port = number
        }
        let decoded = String(host).removingPercentEncoding ?? String(host)
        try refuseControlCharacters(
            in: decoded, part: ordinal == 1 ? "its host" : "its \(Self.ordinal(ordinal)) host")
        return Endpoint(host: decoded, port: port)
    }

    private static func ordinal(_ number: Int) -> String {
        switch (number % 10, number % 100) {
        case (1, let tens) where tens != 11: "\(number)st"
        case (2, let tens) where tens != 12: "\(number)nd"
        case (3, let tens) where tens != 13: "\(number)rd"
        default: "\(number)th"
        }
    }

    /// The kind of server `text` asks for; the kinds that prefer a standby are refused.
    private static func targetSessionAttributes(_ text: String) throws(ParseError)
        -> TargetSessionAttributes
    {
        if let kind = TargetSessionAttributes(rawValue: text) { return kind }
        if ["read-only", "standby", "prefer-standby"].contains(text) {
            throw ParseError(
                problem:
                    "asks for target_session_attrs=\(text), but Casebook writes to its database: use read-write, primary or any"
            )
        }
        let kinds = TargetSessionAttributes.allCases.map(\.rawValue).joined(separator: ", ")
        throw ParseError(problem: "has an unknown target_session_attrs (one of \(kinds))")
    }

    /// The URL without its password.
    public var description: String {
        let hosts = endpoints.map(\.address).joined(separator: ",")
        let target =
            targetSessionAttributes == .any
            ? "" : "?target_session_attrs=\(targetSessionAttributes.rawValue)"
        return "postgres://\(user)@\(hosts)/\(database)\(target)"
    }

    /// Every host and its port, for messages: `db1:5432, db2:5432`.
    public var addresses: String { endpoints.map(\.address).joined(separator: ", ") }

    /// The URL for one of its hosts alone, the rest as it is (what a connection to it uses).
    public func only(_ endpoint: Endpoint) -> DatabaseURL {
        var url = self
        url.host = endpoint.host
        url.port = endpoint.port
        url.otherEndpoints = []
        return url
    }

    /// Where the server is, for messages: host and port.
    public var address: String { Endpoint(host: host, port: port).address }
}
