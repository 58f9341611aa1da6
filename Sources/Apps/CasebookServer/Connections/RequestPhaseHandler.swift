import NIOCore
import NIOHTTPTypes

/// Sits after the HTTP decoder and tells the connection's `SlowClientHandler` when a request's
/// header and body have arrived and when its answer has been written.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var slowClient: SlowClientHandler?

    func handlerAdded(context: ChannelHandlerContext) {
        slowClient = try? context.pipeline.syncOperations.handler(type: SlowClientHandler.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: slowClient?.headerEnded()
        case .body: break
        case .end: slowClient?.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { slowClient?.responseEnded() }
        context.write(data, promise: promise)
    }
}
