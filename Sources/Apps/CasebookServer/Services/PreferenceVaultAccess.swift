import AccountsCore
import AccountsFiles
import CasebookDataDirectory
import CasebookFileSystem
import Foundation

/// The sealed preference vault as the account page uses it: opened for each use, because
/// `casebook preference` may change it between two requests.
struct PreferenceVaultAccess: Sendable {
    let directory: URL

    /// The case study's controller over the vault, its folder created (private) first if it
    /// is missing.
    func controller() throws -> StorageController {
        try PrivateDirectory.prepare(directory)
        return StorageController(persistenceStore: try PreferenceVault.open(in: directory))
    }

    /// A signed-in user's own vault, in a folder of theirs under this one (created, private,
    /// on first use); `user` is a valid user name, so it stays inside.
    func forUser(_ user: String) -> PreferenceVaultAccess {
        PreferenceVaultAccess(
            directory: DataDirectoryLayout(root: directory).preferenceVault(of: user))
    }
}
