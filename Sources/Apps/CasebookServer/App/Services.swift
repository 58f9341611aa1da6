import CasebookDataDirectory
import Foundation
import Menu

/// What the routes work with, built once from the stores and the configuration (the server's
/// composition root): the handlers receive these and never open a file or a database.
struct Services: Sendable {
    let layout: DataDirectoryLayout
    let menu: Menu
    let vault: PreferenceVaultAccess

    init(stores: CasebookServer.Stores, configuration: CasebookServer.Configuration) {
        layout = DataDirectoryLayout(root: stores.dataDirectory)
        menu = configuration.menu
        vault = PreferenceVaultAccess(directory: layout.preferenceVault)
    }
}
