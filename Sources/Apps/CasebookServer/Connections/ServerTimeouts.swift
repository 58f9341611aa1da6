/// How long the server waits for a client before it closes the connection, so that clients who
/// open connections and send nothing, or send a request a byte at a time (slowloris), cannot
/// hold the server's connections.
public struct ServerTimeouts: Sendable, Equatable {
    /// A connection with no request under way: before its first request, and between requests.
    public var idle: Duration
    /// From the first byte of a request to the end of its header.
    public var header: Duration
    /// From the end of a request's header to the end of its body.
    public var body: Duration

    public init(
        idle: Duration = .seconds(30), header: Duration = .seconds(10),
        body: Duration = .seconds(60)
    ) {
        self.idle = idle
        self.header = header
        self.body = body
    }
}
