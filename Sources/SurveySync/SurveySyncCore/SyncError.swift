/// Why a sync stopped before it finished. What was acknowledged before it stopped stays recorded.
public enum SyncError: Error, CustomStringConvertible {
    /// The backend stayed unreachable or failing after every retry.
    case backendUnavailable(destination: String, reason: String, report: SyncReport)
    /// The respondents folder could not be listed.
    case folderUnreadable(path: String, reason: String)
    /// The ledger exists but cannot be used.
    case ledgerUnreadable(path: String, reason: String)
    /// The backend acknowledged a batch but the ledger could not be saved; a rerun sends that
    /// batch again, which the backend's upsert makes harmless.
    case ledgerNotSaved(path: String, reason: String, report: SyncReport)
    /// Another sync of the same folder is running (from this process or another).
    case alreadySyncing(path: String)

    /// The reason a backend that refused the credential (401 or 403) gives, and how the
    /// description tells it from a backend that cannot be reached.
    static let refusedCredential = "refused the token"

    public var description: String {
        switch self {
        case .backendUnavailable(let destination, let reason, _)
        where reason.hasPrefix(Self.refusedCredential):
            "the backend at \(destination) \(reason)"
        case .backendUnavailable(let destination, let reason, _):
            "cannot reach the backend at \(destination): \(reason)"
        case .folderUnreadable(let path, let reason):
            "cannot list the respondents folder \(path): \(reason)"
        case .ledgerUnreadable(let path, let reason):
            "cannot use the sync ledger \(path): \(reason)"
        case .ledgerNotSaved(let path, let reason, _):
            "cannot save the sync ledger \(path): \(reason)"
        case .alreadySyncing(let path):
            "another sync of \(path) is running; try again when it has finished"
        }
    }
}
