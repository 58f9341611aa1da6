/// How far a sync has got.
public struct SyncProgress: Equatable, Sendable {
    /// Files handled so far (sent, refused, unchanged or failed), out of all `total` files.
    public let sent: Int
    public let total: Int
}
