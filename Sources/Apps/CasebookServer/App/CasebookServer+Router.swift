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

    /// The routes, rendering pages with `renderer`: the services built from the stores and the
    /// configuration (`Services`, the composition root), then the router over them.
    static func router(stores: Stores, configuration: Configuration, renderer: PageRenderer)
        throws -> Router<BasicRequestContext>
    {
        try buildRouter(Services(stores: stores, configuration: configuration), renderer: renderer)
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
            SignInPages(
                renderer: renderer, access: access,
                shouldAskToSavePassword: { account.shouldAsk(user: $0) })
        }
        if let access = services.access, let signIn {
            router.middlewares.add(AccessMiddleware(access: access, signIn: signIn))
        }
        router.middlewares.add(ConditionalGetMiddleware())
        ServerController(metrics: services.metrics, database: services.database)
            .addRoutes(to: router)
        OpenAPIController().addRoutes(to: router)
        RespondentsController(store: services.respondents, reviews: services.respondentReviews)
            .addRoutes(to: router)
        PreferencesController(store: services.preferences).addRoutes(to: router)
        DiaryAPIController(diaries: services.diaries).addRoutes(to: router)
        MenuController(menu: services.menu).addRoutes(to: router)
        HomeAndMenuPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        MenuEditPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        MenuDishPages(renderer: renderer, menu: services.menu).addRoutes(to: router)
        DiaryPages(renderer: renderer, diaries: services.diaries).addRoutes(to: router)
        SurveyPages(
            renderer: renderer, store: services.respondents,
            reviews: services.respondentReviews, dataDirectory: services.layout.root,
            backends: services.syncBackends
        )
        .addRoutes(to: router)
        FactorPage(renderer: renderer).addRoutes(to: router)
        signIn?.addRoutes(to: router)
        account.addRoutes(to: router)
        DocumentsPage(renderer: renderer, folder: services.layout.documentsFolder)
            .addRoutes(to: router)
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
