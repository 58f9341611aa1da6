import AccountsBcrypt
import AccountsCore
import CasebookDataDirectory
import Diary
import DiaryPostgres
import Foundation
import Hummingbird
import Menu

extension CasebookServer {
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
    static func credentialCaches(_ stores: Stores, _ configuration: Configuration)
        -> (sessions: CredentialCache, tokens: CredentialCache)
    {
        guard stores.database == nil else {
            let lifetime = configuration.credentialCacheLifetimeOnDatabase
            return (CredentialCache(lifetime: lifetime), CredentialCache(lifetime: lifetime))
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

    /// The routes, rendering pages with `renderer`.
    static func router(stores: Stores, configuration: Configuration, renderer: PageRenderer)
        throws -> Router<BasicRequestContext>
    {
        let services = Services(stores: stores, configuration: configuration)
        let menu = services.menu
        let router = Router(context: BasicRequestContext.self)
        let metrics = ServerMetrics(database: stores.database)
        router.middlewares.add(RequestMetricsMiddleware(metrics: metrics))
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(ErrorPageMiddleware(renderer: renderer))
        router.middlewares.add(AllowedHostMiddleware(hosts: configuration.hostsServed))
        router.middlewares.add(CrossSiteMiddleware())
        router.middlewares.add(CanonicalPathMiddleware())
        var signIn: SignInPages?
        if let users = stores.users {
            let (sessionCache, tokenCache) = credentialCaches(stores, configuration)
            let pages = SignInPages(
                renderer: renderer,
                users: Users(store: users, hasher: BcryptPasswordHasher()),
                sessions: Sessions(store: users, users: users), throttle: SignInThrottle(),
                secureCookies: configuration.secureCookies, cache: sessionCache,
                shouldAskToSavePassword: {
                    [account = AccountPages(renderer: renderer, vault: services.vault)] in
                    account.shouldAsk(user: $0)
                })
            signIn = pages
            router.middlewares.add(
                AccessMiddleware(
                    presence: UserPresence(store: users, interval: configuration.userCheckInterval),
                    tokens: APITokens(tokens: users, users: users), signIn: pages, cache: tokenCache
                ))
        }
        if let database = stores.database {
            router.get("/health") { _, _ in
                guard await database.isReachable() else {
                    throw RequestError(
                        .serviceUnavailable,
                        "the database at \(database.url.address) does not answer")
                }
                return "ok"
            }
        } else {
            router.get("/health") { _, _ in "ok" }
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.text())))
        }
        OpenAPIController().addRoutes(to: router)
        RespondentsController(store: stores.respondents).addRoutes(to: router)
        PreferencesController(store: stores.preferences).addRoutes(to: router)
        // One inotify watch on the data directory for every diary in it (the instances a user
        // may have are few: 128 by default).
        let revisions =
            stores.database == nil
            ? UserRevisions(
                generation: ChangeGeneration(
                    signal: DirectoryChangeSignal(directory: stores.dataDirectory)))
            : nil
        let diaries = RequestDiaries(
            shared: stores.diary, ofUser: stores.users == nil ? nil : stores.diaryOfUser,
            waitsOnNetwork: stores.database != nil,
            revisionReader: diaryRevisionReader(revisions: revisions))
        DiaryAPIController(diaries: diaries).addRoutes(to: router)
        MenuController(menu: menu).addRoutes(to: router)
        HomeAndMenuPages(renderer: renderer, menu: menu).addRoutes(to: router)
        DiaryPages(renderer: renderer, diaries: diaries).addRoutes(to: router)
        SurveyPages(
            renderer: renderer, store: stores.respondents, dataDirectory: stores.dataDirectory,
            backends: configuration.syncBackends
        )
        .addRoutes(to: router)
        FactorPage(renderer: renderer).addRoutes(to: router)
        signIn?.addRoutes(to: router)
        AccountPages(renderer: renderer, vault: services.vault).addRoutes(to: router)
        DocumentsPage(renderer: renderer, folder: services.layout.documentsFolder).addRoutes(
            to: router)
        try checkAgainstRouteTable(router, signsIn: signIn != nil)
        return router
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
