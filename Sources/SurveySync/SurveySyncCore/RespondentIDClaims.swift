/// Which file stands for a respondent id when several files of a folder claim it: one rule for
/// sync, verify and repair alike. The file the folder's ledger recorded for that id stands for
/// it while it is in the folder; failing that, the first to claim it in the folder's order.
/// Every other file claiming it is a duplicate: reported, never compared and never sent.
struct RespondentIDClaims {
    /// The folder's files as listed now.
    let listing: Set<String>
    /// Keyed by the ids' bytes, as the stores tell ids apart.
    private var owners: [RespondentIDKey: String] = [:]

    init(listing: Set<String>) {
        self.listing = listing
    }

    /// Claims `id` for `file`; returns the file that stands for the id instead, when another
    /// does (so `file` is a duplicate), or nil when `file` does.
    mutating func claim(_ id: String, by file: String, ledger: SyncLedger) -> String? {
        let recorded = ledger.file(otherThan: file, using: id).flatMap {
            listing.contains($0) ? $0 : nil
        }
        if let owner = owners[RespondentIDKey(id)] ?? recorded { return owner }
        owners[RespondentIDKey(id)] = file
        return nil
    }

    /// The message that reports `file` as a duplicate of `owner`.
    static func duplicate(_ file: String, id: String, owner: String) -> String {
        "\(file): id '\(id)' is already used by \(owner)"
    }
}
