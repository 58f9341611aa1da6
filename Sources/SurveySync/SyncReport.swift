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
