import ArgumentParser
import CasebookServer
import Foundation
import Menu

/// `casebook serve`: the web app and JSON API for every system.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the Casebook web app and its JSON API.",
        discussion: """
            Data lives in --data, else $CASEBOOK_DATA, else $XDG_DATA_HOME/casebook (an \
            absolute one), else ~/.local/share/casebook. With --database (or $CASEBOOK_DATABASE_URL), the diary, \
            the respondents and the preferences live in that PostgreSQL database instead, \
            shared by every server that names it. Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(help: "The data directory.")
    var data: String?

    @Option(help: "A menu file in YAML for /api/menu and /menu (default: Giuseppe's menu).")
    var menu: String?

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Another host name the server answers for (repeatable).",
            discussion:
                "127.0.0.1, localhost, [::1] and the --host address are always served; a request naming any other host gets 421."
        ))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("sync-backend"),
        help: "Another backend the survey page may sync to, as an http or https URL (repeatable).")
    var syncBackends: [String] = []

    @OptionGroup var database: DatabaseOption

    @Option(help: "The certificate chain (PEM) to serve HTTPS with; needs --tls-key.")
    var tlsCert: String?

    @Option(help: "The private key (PEM) of --tls-cert.")
    var tlsKey: String?

    @Option(
        help: ArgumentHelp(
            "Seconds a session's or token's user is remembered (0: never).",
            discussion:
                "In a data directory, a change to the users (a new password, a removed user, a revoked token) ends what was remembered at once, and the default is 2. On --database nothing local can tell of a change made by another instance, so the default is 0: with N, such a change takes effect within N seconds."
        ))
    var credentialCache: Int?

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The address of a proxy in front of the server; repeat for several.",
            discussion:
                "A sign-in through it counts against the client its X-Forwarded-For names, not against the proxy's one address."
        ))
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("access-log"),
        help: ArgumentHelp(
            "Write one JSON line per request to this file (appended), or to standard output for -.",
            discussion:
                "Each line has the time, the request id (X-Request-Id), the method, the route, the status, the duration in milliseconds and the user; never a token, a cookie or a password."
        ))
    var accessLog: String?

    @Flag(help: "Mark cookies Secure: for a server behind a proxy that terminates HTTPS.")
    var secureCookies = false

    @Flag(
        help:
            "Keep the menu (/menu, GET /api/menu) for users once there are users; by default anyone may read it, guests included."
    )
    var privateMenu = false

    @Option(help: "Seconds a request waits for the database before it is answered 503.")
    var databaseTimeout = 5

    @Option(help: "Seconds a connection may stay open with no request under way.")
    var idleTimeout = 30

    @Option(help: "Seconds from a request's first byte to the end of its header.")
    var headerTimeout = 10

    @Option(help: "Seconds from the end of a request's header to the end of its body.")
    var bodyTimeout = 60

    func validate() throws {
        try DataDirectoryOption.refuseEmpty(data)
        if host.hasPrefix("[") {
            throw ValidationError(
                VisibleText.escaping(
                    "--host takes an IPv6 address without brackets (\(host.dropFirst().prefix { $0 != "]" })), not '\(host)'"
                ))
        }
        guard
            !host.isEmpty,
            CasebookServer.Configuration.isIPAddress(host)
                || CasebookServer.Configuration.isHostName(host)
        else {
            throw ValidationError(
                VisibleText.escaping(
                    "--host takes an address (such as 127.0.0.1, 0.0.0.0 or ::) or a host name, without a port, not '\(host)'"
                ))
        }
        for (name, value) in [
            ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout),
            ("--body-timeout", bodyTimeout), ("--database-timeout", databaseTimeout),
        ] where !(1...3600).contains(value) {
            throw ValidationError(
                VisibleText.escaping("\(name) must be from 1 to 3600 seconds, not \(value)"))
        }
        if let credentialCache, !(0...300).contains(credentialCache) {
            throw ValidationError(
                "--credential-cache must be from 0 to 300 seconds, not \(credentialCache)")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        for host in allowedHosts where !CasebookServer.Configuration.isHostName(host) {
            throw ValidationError(
                "--allowed-host takes a host name or address such as casebook.example, not '\(host)'"
            )
        }
        for proxy in trustedProxies where !CasebookServer.Configuration.isIPAddress(proxy) {
            throw ValidationError("--trusted-proxy takes an IP address, not '\(proxy)'")
        }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        for backend in syncBackends { try BackendOption.check(backend, option: "--sync-backend") }
    }

    func run() async throws {
        try await FailureReport.run("serve") { try await serve() }
    }

    private func serve() async throws {
        let restaurantMenu =
            try menu.map { try Menu.load(from: URL(fileURLWithPath: $0)) } ?? .giuseppes
        var configuration = CasebookServer.Configuration(
            host: host, port: port, dataDirectory: DataDirectory.resolve(option: data),
            menu: restaurantMenu)
        configuration.allowedHosts = allowedHosts
        configuration.database = try database.url()
        configuration.databaseTimeout = .seconds(databaseTimeout)
        configuration.tlsCertificate = tlsCert.map { URL(fileURLWithPath: $0) }
        configuration.tlsKey = tlsKey.map { URL(fileURLWithPath: $0) }
        configuration.secureCookies = secureCookies
        configuration.privateMenu = privateMenu
        configuration.trustedProxies = trustedProxies
        configuration.passwordCost = PasswordCost.current
        configuration.diarySealCost = try DiaryPassphrase.cost()
        configuration.accessLog = accessLog
        if let credentialCache {
            configuration.credentialCacheLifetime = .seconds(credentialCache)
            configuration.credentialCacheLifetimeOnDatabase = .seconds(credentialCache)
        }
        if tlsCert == nil, !secureCookies, !["127.0.0.1", "localhost", "::1"].contains(host) {
            StandardStreams.error(
                "casebook serve: warning: serving \(host) over plain HTTP: passwords, sessions and tokens cross the network readable; use --tls-cert and --tls-key, or a proxy that serves HTTPS (with --secure-cookies)"
            )
        }
        if !DiaryPhotoPreparer.isAvailable {
            StandardStreams.error(
                "casebook serve: warning: libvips 8 (libvips.so.42; Debian: apt-get install libvips42) is not installed: every dish's and entry's photo will be refused"
            )
        }
        configuration.syncBackends = syncBackends.compactMap(BackendOption.httpURL)
        configuration.timeouts = ServerTimeouts(
            idle: .seconds(idleTimeout), header: .seconds(headerTimeout),
            body: .seconds(bodyTimeout))
        let data =
            configuration.database.map { "database \($0.database) at \($0.addresses)" }
            ?? "data in \(configuration.dataDirectory.path)"
        // Only whoever reads this output makes the first admin in the browser.
        let setupCode = ServeCommand.newSetupCode()
        configuration.setupCode = setupCode
        // What `casebook user add` needs to reach the same users.
        let store =
            configuration.database.map { "--database \(Self.shellQuoted($0.description))" }
            ?? "--data \(Self.shellQuoted(configuration.dataDirectory.path))"
        try await CasebookServer.run(configuration: configuration) { url, users in
            // Courtesy lines: a server whose standard output is gone goes on serving.
            // One write, so that both lines arrive together.
            try? StandardStreams.output(
                "Casebook is serving \(url.absoluteString) (\(data))"
                    + (users.map {
                        "\n" + Self.nextStep(url: url, users: $0, store: store, code: setupCode)
                    } ?? ""))
        }
    }

    /// What to do next, for whoever started the server: make the first admin, or sign in.
    static func nextStep(url: URL, users: Int, store: String, code: String) -> String {
        guard users > 0 else {
            return
                "No users yet: anyone on this machine can use it. To make the first admin, open \(url.absoluteString)setup?code=\(code) in a browser here, or run casebook user add NAME --role admin \(store)."
        }
        return "\(users) user\(users == 1 ? "" : "s") can sign in at \(url.absoluteString)login."
    }

    /// A new set-up code: 16 letters and digits, random, printed once.
    static func newSetupCode() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// `text` as one word for a POSIX shell: as it is when it is only safe characters, else in
    /// single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-:@=+,%")
        guard text.isEmpty || !text.allSatisfy(safe.contains) else { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
