import Accounts
import CasebookFileSystem
import Diary
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Menu
import NIOCore
import SurveySync

/// The Casebook web server: the JSON API (and, later, the pages) for every system.
public enum CasebookServer {
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

    /// The stores the server works on.
    public struct Stores: Sendable {
        public var respondents: any RespondentStore
        public var preferences: any PreferenceChoiceStore
        public var diary: any DiaryStore & Sendable
        /// Where the pages' files live: respondents folders, documents, the preference vault.
        public var dataDirectory: URL

        public init(
            respondents: any RespondentStore, preferences: any PreferenceChoiceStore,
            diary: any DiaryStore & Sendable, dataDirectory: URL
        ) {
            self.respondents = respondents
            self.preferences = preferences
            self.diary = diary
            self.dataDirectory = dataDirectory
        }

        /// Opens (creating and migrating) the SQLite stores in `directory`.
        public static func open(in directory: URL) throws -> Stores {
            try PrivateDirectory.prepare(directory)
            let layout = DataDirectoryLayout(root: directory)
            return Stores(
                respondents: try SQLiteRespondentStore(path: layout.respondentsDatabase.path),
                preferences: try SQLitePreferenceChoiceStore(path: layout.preferencesDatabase.path),
                diary: try SQLiteDiaryStore(path: layout.diaryDatabase.path),
                dataDirectory: directory)
        }
    }

    /// The routes, for route tests, with the default configuration but for `menu`.
    public static func router(stores: Stores, menu: Menu = .giuseppes) throws -> Router<
        BasicRequestContext
    > {
        try router(
            stores: stores,
            configuration: Configuration(dataDirectory: stores.dataDirectory, menu: menu))
    }

    /// The routes, for the real server and for route tests.
    public static func router(stores: Stores, configuration: Configuration) throws -> Router<
        BasicRequestContext
    > {
        let menu = configuration.menu
        let router = Router(context: BasicRequestContext.self)
        let renderer = try PageRenderer()
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(ErrorPageMiddleware(renderer: renderer))
        router.middlewares.add(AllowedHostMiddleware(hosts: configuration.hostsServed))
        router.middlewares.add(CrossSiteMiddleware())
        router.get("/health") { _, _ in "ok" }
        OpenAPIController().addRoutes(to: router)
        RespondentsController(store: stores.respondents).addRoutes(to: router)
        PreferencesController(store: stores.preferences).addRoutes(to: router)
        DiaryAPIController(store: stores.diary).addRoutes(to: router)
        MenuController(menu: menu).addRoutes(to: router)
        HomeAndMenuPages(renderer: renderer, menu: menu).addRoutes(to: router)
        DiaryPages(renderer: renderer, store: stores.diary, dataDirectory: stores.dataDirectory)
            .addRoutes(to: router)
        SurveyPages(
            renderer: renderer, store: stores.respondents, dataDirectory: stores.dataDirectory,
            backends: configuration.syncBackends
        )
        .addRoutes(to: router)
        FactorPage(renderer: renderer).addRoutes(to: router)
        AccountPages(renderer: renderer, dataDirectory: stores.dataDirectory).addRoutes(to: router)
        DocumentsPage(renderer: renderer, dataDirectory: stores.dataDirectory).addRoutes(to: router)
        return router
    }

    /// The most a request's header may hold: 8 KiB a field, 32 KiB in all, 100 fields.
    static let headerLimits = HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 32 * 1024, maxHeaderFieldCount: 100)

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
        return Application(
            router: try router(stores: stores, configuration: configuration),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(
                    responder: responder, timeouts: timeouts, limits: Self.headerLimits)
            },
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: "Casebook"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let shownHost = host.contains(":") ? "[\(host)]" : host
                await onRunning(URL(string: "http://\(shownHost):\(port)/")!)
            },
            logger: logger
        )
    }

    /// Runs until SIGINT or SIGTERM, finishing requests in flight.
    /// - Throws: `ServerStartError` when the address cannot be used.
    public static func run(
        configuration: Configuration,
        onRunning: @escaping @Sendable (URL) async -> Void
    ) async throws {
        let stores: Stores
        do {
            stores = try Stores.open(in: configuration.dataDirectory)
        } catch {
            throw ServerStartError.dataDirectoryUnusable(
                path: configuration.dataDirectory.path, reason: "\(error)")
        }
        DescriptorLimit.raiseToHardLimit()
        let app = try application(
            configuration: configuration, stores: stores, onRunning: onRunning)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServerStartError.addressInUse(host: configuration.host, port: configuration.port)
        } catch let error as IOError {
            throw ServerStartError.cannotListen(
                host: configuration.host, port: configuration.port, reason: "\(error)")
        }
    }
}

extension CasebookServer.Configuration {
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
