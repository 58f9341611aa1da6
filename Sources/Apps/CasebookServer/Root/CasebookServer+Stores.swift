import AccountsCore
import AccountsPostgres
import AccountsSQLite
import CasebookFileSystem
import CasebookPostgres
import Diary
import DiaryPostgres
import Foundation
import Menu
import MenuPostgres
import MenuSQLite
import SurveySyncCore
import SurveySyncPostgres
import SurveySyncSQLite

extension CasebookServer {
    /// The stores the server works on.
    public struct Stores: Sendable {
        public var respondents: any RespondentStore
        /// The survey's form, its versions, and what checking each respondent found.
        public var surveyForms: any SurveyFormStore = InMemorySurveyFormStore()
        public var preferences: any PreferenceChoiceStore
        public var diary: any DiaryStore & Sendable
        /// The menu's revisions: what the menu page and `GET /api/menu` serve.
        public var menu: any MenuStore = InMemoryMenuStore()
        /// The photos of the menu's dishes, beside its revisions.
        public var menuPhotos: any DishPhotoStore = InMemoryDishPhotoStore()
        /// Where the pages' files live: respondents folders, documents, the preference vault.
        public var dataDirectory: URL
        /// Each user's own diary, once the server has users (nil: everyone shares `diary`).
        public var diaryOfUser: (@Sendable (String) throws -> any DiaryStore & Sendable)?
        /// Each user's diary as a file in the data directory, which the diarist may encrypt
        /// from the diary's Encryption page; nil when diaries are not files there.
        public var diaryFiles: DiaryFiles?
        /// The server's users and their API tokens. With none (or no user in it), the server
        /// is one person's, on loopback only.
        public var users: (any UserStore & TokenStore & SessionStore)?
        /// The PostgreSQL database the stores live in, shared with any other server on it; nil
        /// when they live in this process or in the data directory.
        public var database: PostgresDatabase?

        /// Where each user's diary file is, and how the server lets go of one it holds open.
        public struct DiaryFiles: Sendable {
            /// The plain SQLite file of the user's diary (`diary-NAME.sqlite`).
            public var path: @Sendable (_ user: String) -> String
            /// Runs the body with the user's diary closed, and kept closed until it is done.
            public var releasing:
                @Sendable (_ user: String, _ body: () throws -> Void) throws -> Void

            public init(
                path: @escaping @Sendable (String) -> String,
                releasing: @escaping @Sendable (String, () throws -> Void) throws -> Void
            ) {
                self.path = path
                self.releasing = releasing
            }
        }

        public init(
            respondents: any RespondentStore, preferences: any PreferenceChoiceStore,
            diary: any DiaryStore & Sendable, dataDirectory: URL
        ) {
            self.respondents = respondents
            self.preferences = preferences
            self.diary = diary
            self.dataDirectory = dataDirectory
        }

        /// Stores in memory, keeping nothing: for route tests and trials. The pages' files
        /// (respondents folders, documents, the preference vault) still live in
        /// `dataDirectory`.
        public static func inMemory(dataDirectory: URL) -> Stores {
            var stores = Stores(
                respondents: InMemoryRespondentStore(),
                preferences: InMemoryPreferenceChoiceStore(),
                diary: InMemoryDiaryStore(), dataDirectory: dataDirectory)
            stores.users = InMemoryUserDirectory()
            let diaries = UserDiaries { _ in InMemoryDiaryStore() }
            stores.diaryOfUser = { try diaries.diary(of: $0) }
            return stores
        }

        /// The stores in a PostgreSQL database, which `database.prepare(Stores.postgresSchemas)`
        /// migrates and whose pool runs as a service of the server.
        public static func postgres(_ database: PostgresDatabase, dataDirectory: URL) throws
            -> Stores
        {
            try PrivateDirectory.prepare(dataDirectory)
            var stores = Stores(
                respondents: PostgresRespondentStore(
                    client: database.client, operations: database.operations),
                preferences: PostgresPreferenceChoiceStore(
                    client: database.client, operations: database.operations),
                diary: PostgresDiaryStore(client: database.client, operations: database.operations),
                dataDirectory: dataDirectory)
            stores.database = database
            stores.surveyForms = PostgresSurveyFormStore(
                client: database.client, operations: database.operations)
            let menu = PostgresMenuStore(client: database.client, operations: database.operations)
            stores.menu = menu
            stores.menuPhotos = menu
            stores.users = PostgresUserDirectory(
                client: database.client, operations: database.operations)
            stores.diaryOfUser = { user in
                PostgresDiaryStore(
                    client: database.client, operations: database.operations, owner: user)
            }
            return stores
        }

        /// Every store's tables in PostgreSQL.
        public static let postgresSchemas = [
            PostgresRespondentStore.schema, PostgresDiaryStore.schema,
            PostgresPreferenceChoiceStore.schema, PostgresUserDirectory.schema,
            PostgresMenuStore.schema, PostgresSurveyFormStore.schema,
        ]

        /// Opens (creating and migrating) the SQLite stores in `directory`.
        public static func open(in directory: URL) throws -> Stores {
            try PrivateDirectory.prepare(directory)
            let layout = DataDirectoryLayout(root: directory)
            var stores = Stores(
                respondents: try SQLiteRespondentStore(path: layout.respondentsDatabase.path),
                preferences: try SQLitePreferenceChoiceStore(path: layout.preferencesDatabase.path),
                diary: try SQLiteDiaryStore(path: layout.diaryDatabase.path),
                dataDirectory: directory)
            stores.users = try SQLiteUserDirectory(path: layout.usersDatabase.path)
            stores.surveyForms = try SQLiteSurveyFormStore(path: layout.surveyFormsDatabase.path)
            let menu = try SQLiteMenuStore(path: layout.menuDatabase.path)
            stores.menu = menu
            stores.menuPhotos = menu
            let diaries = UserDiaries { user in
                try SQLiteDiaryStore(path: layout.diaryDatabase(of: user).path)
            }
            stores.diaryOfUser = { try diaries.diary(of: $0) }
            stores.diaryFiles = DiaryFiles(
                path: { layout.diaryDatabase(of: $0).path },
                releasing: { try diaries.releasing($0, $1) })
            return stores
        }
    }
}
