import Foundation

/// Every file Casebook keeps in its data directory, named in this one place: the server, the
/// CLI and the benchmarks find their files here, never by spelling a name themselves.
public struct DataDirectoryLayout: Sendable, Equatable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The diary's entries (SQLite).
    public var diaryDatabase: URL { root.appendingPathComponent("diary.sqlite") }
    /// A user's own diary, once the server has users (SQLite); `user` is a valid user name
    /// (`User.isValidName`: a-z, 0-9, '.', '_', '-'), so it stays a file name in this folder.
    public func diaryDatabase(of user: String) -> URL {
        root.appendingPathComponent("diary-\(user).sqlite")
    }
    /// The respondents the server received (SQLite).
    public var respondentsDatabase: URL { root.appendingPathComponent("respondents.sqlite") }
    /// Each user's "save password?" choice, as the server keeps it (SQLite).
    public var preferencesDatabase: URL { root.appendingPathComponent("preferences.sqlite") }
    /// The menu's revisions, as the server serves them (SQLite).
    public var menuDatabase: URL { root.appendingPathComponent("menu.sqlite") }
    /// The server's users and their API tokens (SQLite).
    public var usersDatabase: URL { root.appendingPathComponent("users.sqlite") }
    /// The survey's form versions and each respondent's check against them.
    public var surveyFormsDatabase: URL { root.appendingPathComponent("survey-forms.sqlite") }
    /// The folder that holds the sealed preference vault's key and file.
    public var preferenceVault: URL { root }
    /// A signed-in user's own preference vault, once the server has users.
    public func preferenceVault(of user: String) -> URL {
        root.appendingPathComponent("preferences").appendingPathComponent(user)
    }
    /// The CLI's remembered username.
    public var loginFile: URL { root.appendingPathComponent("login.plist") }
    /// The name of the respondents folder the survey page syncs by default.
    public static let respondentsFolderName = "Respondents"
    /// That folder.
    public var respondentsFolder: URL { root.appendingPathComponent(Self.respondentsFolderName) }
    /// The name of the folder whose text documents the documents page lists.
    public static let documentsFolderName = "Documents"
    /// That folder: documents live here, apart from every file a store owns.
    public var documentsFolder: URL { root.appendingPathComponent(Self.documentsFolderName) }

    /// Whether a file of this name belongs to a store (a SQLite database or its journal, the
    /// preference vault's key or file, the remembered username): no page, command or API
    /// opens such a file as a document. Opening and closing a database's file in the process
    /// that has it open would drop that process's locks on it (POSIX locks belong to the
    /// process and go with any of its descriptors), and writing one would damage it.
    public static func isStoreOwned(fileName name: String) -> Bool {
        let storeSuffixes = [".sqlite", ".sqlite-wal", ".sqlite-shm", ".sqlite-journal"]
        let storeNames = ["preference.key", "preferences.plist", "login.plist"]
        return storeNames.contains(name) || storeSuffixes.contains { name.hasSuffix($0) }
    }
}
