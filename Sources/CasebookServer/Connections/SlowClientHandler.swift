import NIOCore

/// Sits first in a connection's pipeline, where the raw bytes arrive, and closes the connection
/// when a request takes too long to arrive: its header must be complete within
/// `ServerTimeouts.header` of its first byte, its body within `ServerTimeouts.body` of the
/// header. `RequestPhaseHandler`, after the HTTP decoder, tells it where each request is.
final class SlowClientHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase {
        /// No request under way (Hummingbird's idle timeout watches this).
        case idle
        case readingHeader
        case readingBody
        /// Read whole; the server is answering.
        case answering
    }

    private let timeouts: ServerTimeouts
    private var phase = Phase.idle
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(timeouts: ServerTimeouts) {
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .idle {
            phase = .readingHeader
            arm(timeouts.header)
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    /// A request's header has been decoded: its body is next.
    func headerEnded() {
        phase = .readingBody
        arm(timeouts.body)
    }

    /// A request has been read whole.
    func requestEnded() {
        phase = .answering
        deadline?.cancel()
        deadline = nil
    }

    /// The answer has been written: the next byte starts another request.
    func responseEnded() {
        if phase == .answering { phase = .idle }
    }

    private func arm(_ timeout: Duration) {
        deadline?.cancel()
        guard let context else { return }
        let (seconds, attoseconds) = timeout.components
        let amount = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        deadline = context.eventLoop.scheduleTask(in: amount) { [weak self] in
            self?.context?.close(promise: nil)
        }
    }
}
