import Accounts
import Foundation

/// The sealed preference vault as the account page uses it: opened for each use, because
/// `casebook preference` may change it between two requests.
struct PreferenceVaultAccess: Sendable {
    let directory: URL

    /// The case study's controller over the vault.
    func controller() throws -> StorageController {
        StorageController(persistenceStore: try PreferenceVault.open(in: directory))
    }
}
