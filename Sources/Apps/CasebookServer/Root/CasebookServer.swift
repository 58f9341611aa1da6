import AccountsBcrypt
import AccountsCore
import AccountsSQLite
import CasebookDataDirectory
import CasebookFileSystem
import CasebookPostgres
import CasebookSQLite
import Diary
import DiaryPostgres
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import Menu
import NIOCore
import NIOSSL
import SurveySyncCore

/// The Casebook web server, the JSON API and the pages of every system, and its composition
/// root, which reads top-down: the configuration (`Configuration`), the stores it names
/// (`run`), the services built from both (`services(stores:configuration:)`), and the router
/// that hands each controller and page the services it needs (`buildRouter(_:renderer:)`).
/// Nothing outside this file knows which kind of store it works on.
public enum CasebookServer {
    /// The most a request's header may hold: 8 KiB a field, 32 KiB in all, 100 fields.
    static let headerLimits = HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 32 * 1024, maxHeaderFieldCount: 100)

    /// The connections the kernel holds for the server until it accepts them. Hummingbird's 256
    /// overflowed under a crowd of a thousand arriving at once, and each connection dropped
    /// waited a second or more for its client to retry; Linux caps this at `somaxconn` (4,096).
    static let acceptBacklog = 4096

    /// Runs until SIGINT or SIGTERM, finishing requests in flight.
    /// - Throws: `ServerStartError` when the address cannot be used.
    public static func run(
        configuration: Configuration,
        onRunning: @escaping @Sendable (URL) async -> Void
    ) async throws {
        try await run(configuration: configuration) { url, _ in await onRunning(url) }
    }

    /// `run(configuration:onRunning:)`, telling `onStarted` also how many users can sign in
    /// (nil when it cannot tell), so that whoever started it knows what to do next.
    public static func run(
        configuration: Configuration,
        onStarted: @escaping @Sendable (URL, _ users: Int?) async -> Void
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
        let users = stores.users
        let app = try application(configuration: configuration, stores: stores) { url in
            await onStarted(url, (try? await users?.count()) ?? nil)
        }
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
        try router(stores: stores, configuration: configuration, renderer: try PageRenderer())
    }

    /// The routes, rendering pages with `renderer`: the services built from the stores and the
    /// configuration, then the router over them.
    static func router(stores: Stores, configuration: Configuration, renderer: PageRenderer)
        throws -> Router<BasicRequestContext>
    {
        try buildRouter(services(stores: stores, configuration: configuration), renderer: renderer)
    }

    /// Every service the routes use, from the stores and the configuration. This is the one
    /// place that knows which kind of store each is (SQLite in a data directory, or a shared
    /// PostgreSQL database) and builds what depends on it.
    static func services(stores: Stores, configuration: Configuration) throws -> Services {
        let layout = DataDirectoryLayout(root: stores.dataDirectory)
        // One inotify watch on the data directory for every diary in it (the instances a user
        // may have are few: 128 by default), for diaries in SQLite files, the only ones it
        // tells about.
        let revisions =
            stores.database == nil && stores.diary is SQLiteDiaryStore
            ? UserRevisions(
                generation: ChangeGeneration(
                    signal: DirectoryChangeSignal(directory: stores.dataDirectory)))
            : nil
        let access = stores.users.map { users in
            let (sessionCache, tokenCache) = credentialCaches(stores, configuration)
            var access = AccessServices(
                users: Users(
                    store: users, hasher: BcryptPasswordHasher(cost: configuration.passwordCost)),
                sessions: Sessions(store: users, users: users),
                tokens: APITokens(tokens: users, users: users), throttle: SignInThrottle(),
                presence: UserPresence(store: users, interval: configuration.userCheckInterval),
                sessionCache: sessionCache, tokenCache: tokenCache,
                secureCookies: configuration.secureCookies,
                privateMenu: configuration.privateMenu)
            access.audit = AuditRecorder(store: users as? any AuditStore)
            access.resets = (users as? any PasswordResetStore).map {
                PasswordResets(store: $0, users: access.users)
            }
            access.secondFactors = (users as? any SecondFactorStore).map {
                SecondFactors(store: $0)
            }
            access.setupCode = configuration.setupCode
            return access
        }
        var diaries = RequestDiaries(
            shared: stores.diary, ofUser: stores.users == nil ? nil : stores.diaryOfUser,
            waitsOnNetwork: stores.database != nil,
            revisionReader: diaryRevisionReader(revisions: revisions))
        if stores.users != nil, let files = stores.diaryFiles {
            diaries.encryption = DiaryEncryption(files: files, cost: configuration.diarySealCost)
        }
        return Services(
            layout: layout,
            menu: MenuService(
                store: stores.menu, initial: configuration.menu, photos: stores.menuPhotos),
            vault: PreferenceVaultAccess(directory: layout.preferenceVault),
            respondents: stores.respondents,
            respondentReviews: stores.respondents as? any ReviewedRespondentStore,
            surveyForms: SurveyForms(
                store: stores.surveyForms,
                reviews: stores.respondents as? any ReviewedRespondentStore),
            preferences: stores.preferences,
            diaries: diaries,
            metrics: ServerMetrics(database: stores.database),
            accessLog: try configuration.accessLog.map { try AccessLog(path: $0) },
            database: stores.database, hosts: configuration.hostsServed,
            syncBackends: configuration.syncBackends, secureCookies: configuration.secureCookies,
            access: access)
    }

    /// Every middleware, in the order a request meets them, then every controller and page,
    /// each given the services it needs; checked against `RouteTable` before it serves.
    static func buildRouter(_ services: Services, renderer: PageRenderer) throws -> Router<
        BasicRequestContext
    > {
        // The one answer every page's cookies follow: Secure over HTTPS.
        var renderer = renderer
        renderer.secureCookies = services.secureCookies
        let router = Router(
            context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.middlewares.add(AccessLogMiddleware(log: services.accessLog))
        router.middlewares.add(RequestMetricsMiddleware(metrics: services.metrics))
        router.middlewares.add(
            SecurityHeadersMiddleware(strictTransportSecurity: services.secureCookies))
        router.middlewares.add(CachePolicyMiddleware())
        router.middlewares.add(HeadMiddleware())
        router.middlewares.add(ResponseCompressionMiddleware())
        router.middlewares.add(ErrorPageMiddleware(renderer: renderer))
        router.middlewares.add(AllowedHostMiddleware(hosts: services.hosts))
        router.middlewares.add(CanonicalPathMiddleware())
        router.middlewares.add(
            MethodsMiddleware(
                methods: AllowedMethods(
                    routes: RouteTable.routes.filter {
                        services.access != nil || !RouteTable.signInRoutes.contains($0.key)
                    }.map { (method: $0.method, path: $0.path) })))
        router.middlewares.add(
            CrossSiteMiddleware(scheme: services.secureCookies ? "https" : "http"))
        let account = AccountPages(renderer: renderer, vault: services.vault)
        let signIn = services.access.map { access in
            var pages = SignInPages(
                renderer: renderer, access: access,
                shouldAskToSavePassword: { account.shouldAsk(user: $0) })
            let encryption = services.diaries.encryption
            pages.didSignOut = { try? encryption?.lock($0) }
            return pages
        }
        if let access = services.access, let signIn {
            router.middlewares.add(AccessMiddleware(access: access, signIn: signIn))
            router.middlewares.add(AuditMiddleware(audit: access.audit))
        }
        router.middlewares.add(ConditionalGetMiddleware())
        ServerController(metrics: services.metrics, database: services.database)
            .addRoutes(to: router)
        OpenAPIController().addRoutes(to: router)
        RespondentsController(
            store: services.respondents, reviews: services.respondentReviews,
            forms: services.surveyForms
        )
        .addRoutes(to: router)
        SurveyFormController(forms: services.surveyForms, respondents: services.respondents)
            .addRoutes(to: router)
        PreferencesController(store: services.preferences).addRoutes(to: router)
        DiaryAPIController(diaries: services.diaries).addRoutes(to: router)
        MenuController(menu: services.menu).addRoutes(to: router)
        HomeAndMenuPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        MenuEditPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        MenuDishPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        MenuPhotoPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        MenuRestaurantPage(renderer: renderer, menu: services.menu).addRoutes(to: router)
        let diaryPages = DiaryPages(renderer: renderer, diaries: services.diaries)
        diaryPages.addRoutes(to: router)
        DiaryPhotoPages(pages: diaryPages, preparer: DiaryPhotoPreparer()).addRoutes(to: router)
        DiaryEncryptionPages(renderer: renderer, encryption: services.diaries.encryption)
            .addRoutes(to: router)
        SurveyPages(
            renderer: renderer, store: services.respondents,
            reviews: services.respondentReviews, dataDirectory: services.layout.root,
            backends: services.syncBackends, forms: services.surveyForms
        )
        .addRoutes(to: router)
        SurveyFormPages(
            renderer: renderer, forms: services.surveyForms, respondents: services.respondents
        )
        .addRoutes(to: router)
        FactorPage(renderer: renderer).addRoutes(to: router)
        signIn?.addRoutes(to: router)
        if let access = services.access, let signIn {
            SetupPage(renderer: renderer, access: access, signIn: signIn).addRoutes(to: router)
            AdminUsersPage(renderer: renderer, access: access).addRoutes(to: router)
            AdminTokensPage(renderer: renderer, access: access).addRoutes(to: router)
            AdminAuditPage(renderer: renderer, access: access).addRoutes(to: router)
            AccountSecurityPage(renderer: renderer, access: access, signIn: signIn)
                .addRoutes(to: router)
            PasswordResetPage(renderer: renderer, access: access).addRoutes(to: router)
        }
        account.addRoutes(to: router)
        DocumentsPage(renderer: renderer, folder: services.layout.documentsFolder)
            .addRoutes(to: router)
        try checkAgainstRouteTable(router, signsIn: signIn != nil)
        return router
    }

    /// How a diary's list page learns its revision: on a database other servers write too,
    /// nothing local can tell of a change, so it is read for every view (without waiting on a
    /// thread when the store can say it asynchronously); in the data directory, only when
    /// inotify says something changed there (`revisions`, one watch for every diary in it);
    /// any other store, once per view.
    static func diaryRevisionReader(revisions: UserRevisions?) -> RequestDiaries.RevisionReader {
        { key, work in
            let store = work.store
            if let postgres = store as? PostgresDiaryStore {
                return { try await postgres.currentRevision() }
            }
            if let revisions, store is SQLiteDiaryStore {
                return { try revisions.revision(of: key, in: store) }
            }
            return { try await work.run { try store.revision() } }
        }
    }

    /// Who sessions and tokens stand for, remembered: in a data directory until the users'
    /// database changes (one watch for both caches) or the lifetime ends; on a shared database,
    /// only for the lifetime the operator allowed for it (none by default).
    ///
    /// A writer appends a commit to `users.sqlite-wal` (an event) before it marks it in the
    /// `-shm` index (none), so a look-up in between reads the old row under the new generation;
    /// the writer's later events (its checkpoint, its closing: `casebook user` and `token` exit
    /// right after their write) move the generation again and end that entry.
    static func credentialCaches(
        _ stores: CasebookServer.Stores, _ configuration: CasebookServer.Configuration
    ) -> (sessions: CredentialCache, tokens: CredentialCache) {
        guard stores.database == nil else {
            let lifetime = configuration.credentialCacheLifetimeOnDatabase
            return (CredentialCache(lifetime: lifetime), CredentialCache(lifetime: lifetime))
        }
        // Users in memory (route tests, trials) or in a store an embedding application gave:
        // no file to watch, so nothing remembered (an inotify instance each would run out).
        guard stores.users is SQLiteUserDirectory else {
            return (CredentialCache(lifetime: .zero), CredentialCache(lifetime: .zero))
        }
        let users = DataDirectoryLayout(root: stores.dataDirectory).usersDatabase
        let changes = ChangeGeneration(
            signal: DirectoryChangeSignal(
                directory: users.deletingLastPathComponent(),
                namesStartingWith: users.lastPathComponent))
        let lifetime = configuration.credentialCacheLifetime
        return (
            CredentialCache(lifetime: lifetime, changes: changes),
            CredentialCache(lifetime: lifetime, changes: changes)
        )
    }

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

    /// Refuses to serve routes that `RouteTable` does not list, or to list routes nobody serves:
    /// the table is what decides who may use each.
    /// Without users (`signsIn` false) there is nobody to sign in, so no sign-in routes.
    static func checkAgainstRouteTable(_ router: Router<some RequestContext>, signsIn: Bool) throws
    {
        let served = router.routes.map { (method: $0.method, path: $0.path.description) }
        let mismatches = RouteTable.mismatches(servedRoutes: served)
        let unserved = mismatches.unserved.filter {
            signsIn || !RouteTable.signInRoutes.contains($0)
        }
        guard mismatches.unlisted.isEmpty, unserved.isEmpty else {
            throw RouteTableMismatch(unlisted: mismatches.unlisted, unserved: unserved)
        }
    }
}
