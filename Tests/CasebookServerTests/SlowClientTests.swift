import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Testing

@testable import CasebookServer

/// Clients that open connections and send nothing, or send a request a byte at a time, are cut
/// off, so that they cannot hold the server's connections. Time is the embedded event loop's,
/// advanced by hand: nothing sleeps.
@Suite("Slow and silent clients")
struct SlowClientTests {
    static let timeouts = ServerTimeouts(
        idle: .seconds(30), header: .seconds(10), body: .seconds(60))

    /// Runs `body` on a connection whose pipeline is the server's: `SlowClientHandler` first,
    /// then the HTTP/1.1 decoder, `RequestPhaseHandler` and Hummingbird's idle-timeout handler.
    static func withConnection(_ body: (EmbeddedChannel, EmbeddedEventLoop) throws -> Void)
        throws
    {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(loop: loop)
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(SlowClientHandler(timeouts: timeouts))
        try pipeline.configureHTTPServerPipeline(withErrorHandling: false)
        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try pipeline.addHandler(RequestPhaseHandler())
        try pipeline.addHandler(
            HTTPConnectionStateHandler(idleTimeout: .seconds(30), logger: Logger(label: "test")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        defer { _ = try? channel.finish() }
        try body(channel, loop)
    }

    @Test func aHeaderSentTooSlowlyClosesTheConnection() throws {
        try Self.withConnection { channel, loop in
            try channel.writeInbound(ByteBuffer(string: "GET /health HTTP/1.1\r\nHo"))
            loop.advanceTime(by: .seconds(9))
            #expect(channel.isActive)
            try channel.writeInbound(ByteBuffer(string: "st: loc"))
            loop.advanceTime(by: .seconds(2))
            #expect(!channel.isActive, "the header's 10 s count from its first byte, not its last")
        }
    }

    @Test func aBodySentTooSlowlyClosesTheConnection() throws {
        try Self.withConnection { channel, loop in
            try channel.writeInbound(
                ByteBuffer(
                    string:
                        "POST /api/diary HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"
                ))
            loop.advanceTime(by: .seconds(59))
            #expect(channel.isActive)
            try channel.writeInbound(ByteBuffer(string: "\"text"))
            loop.advanceTime(by: .seconds(2))
            #expect(!channel.isActive)
        }
    }

    /// Hummingbird closes idle connections on a clock of its own (the hostile-input suite
    /// checks it against a real server); here, that the server hands it the idle timeout.
    @Test func theServerHandsHummingbirdItsIdleTimeout() {
        let channel = GuardedHTTP1Channel(
            responder: { _, _, _ in }, timeouts: Self.timeouts,
            limits: CasebookServer.headerLimits)
        #expect(channel.inner.configuration.idleTimeout == .seconds(30))
        #expect(channel.inner.configuration.httpDecoder.maxHeaderListSize == 32 * 1024)
    }
}
