/// One sync's hold on a respondents folder, so that two syncs never rewrite its ledger at once.
/// It ends with `end()`, when it is deinitialised, or (for a folder on disk) with the process.
public final class SyncClaim {
    private var release: (() -> Void)?

    /// - Parameter release: lets the folder go; called once.
    public init(release: @escaping () -> Void) {
        self.release = release
    }

    public func end() {
        release?()
        release = nil
    }

    deinit { end() }
}
