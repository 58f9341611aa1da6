import CasebookDataDirectory
import Foundation

/// Refuses a file that a store owns (`DataDirectoryLayout.isStoreOwned`), under its own name
/// or through a symbolic link, before any command opens it as a document or an attachment.
enum StoreFileGuard {
    static func refuseStoreFile(_ path: String) throws {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        guard !DataDirectoryLayout.isStoreOwned(fileName: resolved.lastPathComponent) else {
            throw FailureReport.Message(
                "\(path): it is a store's file (a database, its journal or a key), not a document")
        }
    }
}
