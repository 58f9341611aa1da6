import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 channel with `SlowClientHandler` in front of the HTTP decoder and
/// `RequestPhaseHandler` after it, so that slow clients are cut off by `ServerTimeouts`, and
/// `RequestTargetGuard` where the request's target is still whole.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let timeouts: ServerTimeouts

    init(
        responder: @escaping HTTPChannelHandler.Responder, timeouts: ServerTimeouts,
        limits: HTTP1Channel.Configuration.DecoderConfiguration, trustedProxies: Set<String> = []
    ) {
        let (seconds, attoseconds) = timeouts.idle.components
        inner = HTTP1Channel(
            responder: PeerAddress.marking(responder, trustedProxies: trustedProxies),
            configuration: .init(
                additionalChannelHandlers: [RequestPhaseHandler()],
                idleTimeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000),
                httpDecoderConfiguration: limits))
        self.timeouts = timeouts
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(
                SlowClientHandler(timeouts: timeouts), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let conversion = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
            try operations.addHandler(RequestTargetGuard(), position: .before(conversion))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
