/// What a sync did.
public struct SyncReport: Equatable, Sendable {
    /// A file that could not be synced, and why.
    public struct Failure: Equatable, Sendable {
        public let file: String
        public let message: String
    }

    public internal(set) var synced = 0
    public internal(set) var unchanged = 0
    public internal(set) var failures: [Failure] = []

    public var failed: Int { failures.count }

    /// `synced N, unchanged M, failed K`.
    public var summary: String { "synced \(synced), unchanged \(unchanged), failed \(failed)" }
}

/// How far a sync has got.
public struct SyncProgress: Equatable, Sendable {
    /// Files handled so far (sent, refused, unchanged or failed), out of all `total` files.
    public let sent: Int
    public let total: Int
}
