import Accounts
import CasebookFileSystem
import Diary
import Foundation
import Menu
import SurveySync

extension CasebookServer {
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

        /// Stores in memory, keeping nothing: for route tests and trials. The pages' files
        /// (respondents folders, documents, the preference vault) still live in
        /// `dataDirectory`.
        public static func inMemory(dataDirectory: URL) -> Stores {
            Stores(
                respondents: InMemoryRespondentStore(),
                preferences: InMemoryPreferenceChoiceStore(),
                diary: InMemoryDiaryStore(), dataDirectory: dataDirectory)
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
}
