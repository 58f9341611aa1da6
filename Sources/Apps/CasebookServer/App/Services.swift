import AccountsBcrypt
import AccountsCore
import CasebookDataDirectory
import CasebookPostgres
import Diary
import DiaryPostgres
import Foundation
import Menu
import SurveySyncCore

/// What the routes work with, built once from the stores and the configuration: the server's
/// composition root. It is the one place that knows which kind of store each is (SQLite in a
/// data directory, or a shared PostgreSQL database) and builds what depends on it; the
/// controllers and pages receive these and never open a file or a database.
struct Services: Sendable {
    let layout: DataDirectoryLayout
    let menu: MenuService
    let vault: PreferenceVaultAccess
    let respondents: any RespondentStore
    /// The respondents' reviews and senders, when their store keeps them (every store Casebook
    /// has does; a store given by an embedding application may not).
    let respondentReviews: (any ReviewedRespondentStore)?
    let preferences: any PreferenceChoiceStore
    /// The diary each request works on.
    let diaries: RequestDiaries
    let metrics: ServerMetrics
    /// The access log, when the configuration names one.
    let accessLog: AccessLog?
    /// The shared database, when the stores are in one (for the health check).
    let database: PostgresDatabase?
    let hosts: AllowedHosts
    let syncBackends: [URL]
    /// Whether cookies are marked Secure (HTTPS, here or at a proxy).
    let secureCookies: Bool
    /// Signing in and who may do what; nil without a user store (one person's server).
    let access: AccessServices?

    init(stores: CasebookServer.Stores, configuration: CasebookServer.Configuration) throws {
        accessLog = try configuration.accessLog.map { try AccessLog(path: $0) }
        layout = DataDirectoryLayout(root: stores.dataDirectory)
        menu = MenuService(store: stores.menu, initial: configuration.menu)
        vault = PreferenceVaultAccess(directory: layout.preferenceVault)
        respondents = stores.respondents
        respondentReviews = stores.respondents as? any ReviewedRespondentStore
        preferences = stores.preferences
        database = stores.database
        metrics = ServerMetrics(database: stores.database)
        hosts = configuration.hostsServed
        syncBackends = configuration.syncBackends
        secureCookies = configuration.secureCookies
        // One inotify watch on the data directory for every diary in it (the instances a user
        // may have are few: 128 by default), for diaries in SQLite files, the only ones it
        // tells about.
        let revisions =
            stores.database == nil && stores.diary is SQLiteDiaryStore
            ? UserRevisions(
                generation: ChangeGeneration(
                    signal: DirectoryChangeSignal(directory: stores.dataDirectory)))
            : nil
        diaries = RequestDiaries(
            shared: stores.diary, ofUser: stores.users == nil ? nil : stores.diaryOfUser,
            waitsOnNetwork: stores.database != nil,
            revisionReader: Self.diaryRevisionReader(revisions: revisions))
        access = stores.users.map { users in
            let (sessionCache, tokenCache) = Self.credentialCaches(stores, configuration)
            return AccessServices(
                users: Users(
                    store: users, hasher: BcryptPasswordHasher(cost: configuration.passwordCost)),
                sessions: Sessions(store: users, users: users),
                tokens: APITokens(tokens: users, users: users), throttle: SignInThrottle(),
                presence: UserPresence(store: users, interval: configuration.userCheckInterval),
                sessionCache: sessionCache, tokenCache: tokenCache,
                secureCookies: configuration.secureCookies,
                privateMenu: configuration.privateMenu)
        }
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
}
