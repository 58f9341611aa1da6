import Accounts
import CasebookDataDirectory
import Diary

/// What the commands work with, built from the data directory: the CLI's composition root.
/// Commands ask it for a use case or a store and never name a file themselves.
struct CommandServices {
    let layout: DataDirectoryLayout

    /// The diary's use cases over its SQLite store.
    func diary() throws -> DiaryEntries {
        DiaryEntries(store: try SQLiteDiaryStore(path: layout.diaryDatabase.path))
    }

    /// The "save password?" controller over the sealed preference vault.
    func preferences() throws -> StorageController {
        StorageController(persistenceStore: try PreferenceVault.open(in: layout.preferenceVault))
    }

    /// Where the last username is remembered.
    func login() throws -> KeyValueFile {
        try KeyValueFile(url: layout.loginFile)
    }
}
