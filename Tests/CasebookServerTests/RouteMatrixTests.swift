import Accounts
import CasebookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SurveySyncCore
import Testing

@testable import CasebookServer

/// Every route of the route table, as every role and as nobody, under every spelling of its
/// path: the canonical one is answered as the table says; any other (an empty or dot segment, a
/// trailing slash, another case, a percent-encoded letter, a `;` parameter) is redirected to
/// the canonical path or not found — never answered with another permission. A route joins
/// this matrix by being added to the table.
@Suite("One path, one permission", .serialized)
struct RouteMatrixTests {
    let fixture: UsersFixture
    var directory: TemporaryDirectory { fixture.directory }
    var stores: CasebookServer.Stores { fixture.stores }
    var people: InMemoryUserDirectory { fixture.people }

    init() async throws {
        fixture = try await UsersFixture(users: UserRole.allCases.map { (Self.name(of: $0), $0) })
    }

    static func name(of role: UserRole) -> String { "user-\(role.rawValue)" }

    /// Who asks: a signed-in user of a role, or nobody.
    enum Caller: CustomStringConvertible {
        case user(UserRole)
        case anonymous

        static let all: [Caller] = UserRole.allCases.map(Caller.user) + [.anonymous]

        var description: String {
            switch self {
            case .user(let role): role.rawValue
            case .anonymous: "nobody"
            }
        }
    }

    /// How the server answered, as far as who may is concerned.
    enum Outcome: Equatable, CustomStringConvertible {
        /// The route's own answer (whatever its status).
        case served
        /// Refused for who is asking: 403, 401 or sent to sign in.
        case refused
        case notFound
        case redirected(to: String)
        /// A 5xx: the route broke, whoever asked.
        case failed(Int)

        var description: String {
            switch self {
            case .served: "served"
            case .refused: "refused"
            case .notFound: "not found"
            case .redirected(let path): "redirected to \(path)"
            case .failed(let status): "failed (\(status))"
            }
        }
    }

    @Test func theRouterServesExactlyTheRoutesOfTheTable() throws {
        let router = try CasebookServer.router(stores: stores)
        let served = router.routes.map { (method: $0.method, path: $0.path.description) }
        let mismatches = RouteTable.mismatches(servedRoutes: served)
        #expect(mismatches.unlisted == [], "served but not in the table")
        #expect(mismatches.unserved == [], "in the table but not served")
    }

    @Test func everyRouteAnswersAsTheTableSaysForEveryCallerUnderEverySpelling() async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        configuration.passwordCost = UsersFixture.passwordCost
        configuration.credentialCacheLifetime = .zero
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let sessions = Sessions(store: people, users: people)
        try await Application(router: router).test(.router) { client in
            let csrf = try await Self.csrfToken(client)
            for route in RouteTable.routes {
                for caller in Caller.all {
                    for (path, expected) in Self.spellings(of: route, for: caller) {
                        var session: String?
                        if case .user(let role) = caller {
                            session = try await sessions.start(for: Self.name(of: role))
                        }
                        let outcome = try await Self.send(
                            client, route.method, path, kind: route.kind, session: session,
                            csrf: csrf)
                        #expect(
                            outcome == expected,
                            "\(route.method) \(path) as \(caller): \(outcome), not \(expected)")
                    }
                }
            }
        }
    }

    @Test func thePagesOfferEachRoleOnlyWhatTheTableLetsItOpen() async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let sessions = Sessions(store: people, users: people)
        let expected: [UserRole: [String]] = [
            .admin: [
                "/menu", "/menu/edit", "/diary", "/survey", "/factor", "/account", "/documents",
            ],
            .diarist: ["/menu", "/diary", "/factor", "/account"],
            .surveyor: ["/menu", "/survey", "/factor", "/account"],
            .manager: ["/menu", "/menu/edit", "/factor", "/account"],
        ]
        try await Application(router: router).test(.router) { client in
            for role in UserRole.allCases {
                let session = try await sessions.start(for: Self.name(of: role))
                for page in ["/", "/menu", "/factor"] {
                    let html = try await client.execute(
                        uri: page, method: .get, headers: [.cookie: "casebook_session=\(session)"]
                    ) { String(buffer: $0.body) }
                    let nav = html.components(separatedBy: "</nav>")[0]
                    let linked = expected[role]!.filter { nav.contains("href=\"\($0)\"") }
                    #expect(linked == expected[role]!, "\(role) on \(page)")
                    let others = Set(expected[.admin]!).subtracting(expected[role]!)
                    for path in others {
                        #expect(!html.contains("href=\"\(path)\""), "\(role) on \(page): \(path)")
                    }
                }
            }
            let signIn = try await client.execute(uri: "/login", method: .get) {
                String(buffer: $0.body).components(separatedBy: "</nav>")[0]
            }
            #expect(!signIn.contains("href=\"/diary\""), "nobody is signed in")
        }
    }

    /// The survey page follows the API's rule: a surveyor sends respondents but may not read
    /// them (`GET /api/respondents` is for admins), so the page does not show them either.
    @Test func theSurveyPageShowsRespondentsOnlyToWhomTheAPIWouldGiveThem() async throws {
        _ = try await stores.respondents.upsert([
            Respondent(id: "r1", fields: ["id": "r1", "phone": "555-0199"])
        ])
        var configuration = CasebookServer.Configuration(dataDirectory: directory.url)
        configuration.userCheckInterval = .zero
        configuration.passwordCost = UsersFixture.passwordCost
        let router = try CasebookServer.router(stores: stores, configuration: configuration)
        let sessions = Sessions(store: people, users: people)
        try await Application(router: router).test(.router) { client in
            for (role, shows) in [(UserRole.surveyor, false), (.admin, true)] {
                let session = try await sessions.start(for: Self.name(of: role))
                let html = try await client.execute(
                    uri: "/survey", method: .get, headers: [.cookie: "casebook_session=\(session)"]
                ) { String(buffer: $0.body) }
                #expect(html.contains("555-0199") == shows, "\(role)")
                // Both may send: the surveyor from their browser, never a server's folder.
                #expect(html.contains(#"id="upload""#), "\(role) may send")
                #expect(html.contains("Sync now") == (role == .admin), "\(role)")
            }
        }
    }

    /// A path that resolves to another site's address once a browser reads it (`\` as `/`)
    /// is not found, never redirected.
    @Test(arguments: ["/x/..//\\evil.example", "/diary/..//\\evil.example/", "/./\\evil.example"])
    func aPathThatWouldRedirectToAnotherSiteIsNotFound(path: String) async throws {
        let router = try CasebookServer.router(stores: stores)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.headers[.location] == nil, "\(response.headers[.location] ?? "")")
                #expect(response.status == .notFound)
            }
        }
    }

    /// The paths to try for `route` as `caller`, with the outcome each must have.
    static func spellings(of route: Route, for caller: Caller) -> [(String, Outcome)] {
        let canonical: String
        var result: [(String, Outcome)] = []
        switch route.access {
        case .owner(let parameter):
            let own: String
            switch caller {
            case .user(let role): own = name(of: role)
            case .anonymous: own = name(of: .diarist)
            }
            canonical = route.path.replacingOccurrences(of: "{\(parameter)}", with: own)
            let others = route.path.replacingOccurrences(
                of: "{\(parameter)}", with: "someone-else")
            let othersOutcome: Outcome =
                switch caller {
                case .user(.admin): .served
                default: .refused
                }
            result.append((others, othersOutcome))
            result.append(("/" + others, notCanonical(route, others)))
        default:
            canonical = route.path.replacingOccurrences(
                of: #"\{[a-zA-Z]+\}"#, with: "0", options: .regularExpression)
        }
        let allowed: Bool =
            switch (caller, route.access) {
            case (_, .everyone): true
            case (.anonymous, _): false
            case (.user(let role), let access): access.allows(role: role)
            }
        result.append((canonical, allowed ? .served : .refused))
        var resolvable = ["/" + canonical, "/." + canonical, canonical + "/"]
        if let second = canonical.dropFirst().firstIndex(of: "/") {
            resolvable.append(canonical[..<second] + "/" + canonical[second...])
        }
        for path in resolvable where path != canonical {
            result.append((path, notCanonical(route, canonical)))
        }
        var unknown = ["/%2E" + canonical, "/%2e" + canonical]
        if canonical.uppercased() != canonical { unknown.append(canonical.uppercased()) }
        if let letter = canonical.firstIndex(where: \.isLetter) {
            let encoded = "%" + String(canonical[letter].asciiValue!, radix: 16, uppercase: true)
            unknown.append(
                canonical[..<letter] + encoded + canonical[canonical.index(after: letter)...])
        }
        if canonical != "/" {
            let firstEnd = canonical.dropFirst().firstIndex(of: "/") ?? canonical.endIndex
            unknown.append(canonical[..<firstEnd] + ";x=1" + canonical[firstEnd...])
        }
        for path in unknown { result.append((path, .notFound)) }
        return result
    }

    /// What a path that is not canonical gets: a GET is sent to the canonical path, anything
    /// else is not found.
    static func notCanonical(_ route: Route, _ canonical: String) -> Outcome {
        route.method == .get ? .redirected(to: canonical) : .notFound
    }

    static func csrfToken(_ client: any TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/login", method: .get) { response in
            let cookie = try #require(
                response.headers[values: .setCookie].first { $0.hasPrefix("casebook_csrf=") })
            return String(cookie.dropFirst("casebook_csrf=".count).prefix { $0 != ";" })
        }
    }

    static func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String,
        kind: Route.Kind, session: String?, csrf: String
    ) async throws -> Outcome {
        var headers: HTTPFields = [:]
        var cookies = ["casebook_csrf=\(csrf)"]
        if let session { cookies.append("casebook_session=\(session)") }
        headers[.cookie] = cookies.joined(separator: "; ")
        var body: ByteBuffer?
        if method != .get, method != .delete {
            if kind == .api {
                headers[.contentType] = "application/json"
                body = ByteBuffer(string: "{}")
            } else {
                headers[.contentType] = "application/x-www-form-urlencoded"
                body = ByteBuffer(string: "csrf=\(csrf)")
            }
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: body) {
            response in
            let text = String(buffer: response.body)
            switch response.status {
            case .notFound where text.contains("There is nothing at") || text.isEmpty:
                return .notFound
            case .forbidden where text.contains("may not"):
                return .refused
            case .unauthorized
            where response.headers[.wwwAuthenticate] != nil || text.contains("Sign in first"):
                return .refused
            case .seeOther where response.headers[.location]?.hasPrefix("/login?next=") == true:
                return .refused
            case .permanentRedirect:
                return .redirected(to: response.headers[.location] ?? "")
            case let status where status.code >= 500:
                return .failed(status.code)
            default:
                return .served
            }
        }
    }
}
