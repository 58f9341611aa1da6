import Foundation

/// The folder of respondent files and its sync ledger: the sync's only contact with storage.
public protocol RespondentFolder {
    /// Where the folder is, for messages.
    var location: String { get }
    /// The names of the `*.yaml` and `*.yml` files in the folder, sorted.
    func respondentFileNames() throws -> [String]
    /// The same files with their sizes in bytes where known (nil: unknown), so that a sync can
    /// bound how much it reads at once. By default, the names with no sizes.
    func respondentFiles() throws -> [(name: String, size: Int?)]
    /// The text of one of those files. A sync reads on every core: this may be called from
    /// several threads at once.
    func contents(of fileName: String) throws -> String
    /// The saved ledger, or nil when there is none yet.
    func ledgerData() throws -> Data?
    /// Replaces the saved ledger atomically: a crash leaves the old one or the new one.
    func writeLedger(_ data: Data) throws
    /// Appends to the saved ledger, durably: a crash may cut only what this call appended.
    /// By default, the ledger is read and written whole.
    func appendToLedger(_ data: Data) throws
    /// Claims the folder for one sync, against every other sync on the machine; nil when
    /// another sync holds it.
    func claimForSync() throws -> SyncClaim?
}

extension RespondentFolder {
    /// The folder claimed for a sync, a verify's repair or anything else that writes its
    /// ledger; a folder that cannot be claimed, or that another sync holds, is the error that
    /// says so.
    func claimedForSync() throws(SyncError) -> SyncClaim {
        let claim: SyncClaim?
        do {
            claim = try claimForSync()
        } catch {
            throw .folderUnreadable(path: location, reason: "\(error)")
        }
        guard let claim else { throw .alreadySyncing(path: location) }
        return claim
    }

    public func appendToLedger(_ data: Data) throws {
        try writeLedger((try ledgerData() ?? Data()) + data)
    }

    public func respondentFiles() throws -> [(name: String, size: Int?)] {
        try respondentFileNames().map { ($0, nil) }
    }

    /// The ledger's file name inside the folder.
    public static var ledgerFileName: String { ".casebook-sync-ledger.json" }

    /// Where the ledger is, for messages.
    public var ledgerLocation: String { location + "/" + Self.ledgerFileName }
}
