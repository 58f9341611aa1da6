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

    private let header: TimeAmount
    private let body: TimeAmount
    private var phase = Phase.idle
    /// When the current phase must be over; nil while idle or answering.
    private var deadline: NIODeadline?
    /// The one timer a connection ever has pending. Phases only move `deadline`: a request on a
    /// kept-alive connection costs two reads of the clock, not a timer scheduled and cancelled twice.
    private var check: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(timeouts: ServerTimeouts) {
        header = Self.amount(timeouts.header)
        body = Self.amount(timeouts.body)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .idle {
            phase = .readingHeader
            expire(in: header)
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        context.fireChannelInactive()
    }

    /// A request's header has been decoded: its body is next.
    func headerEnded() {
        phase = .readingBody
        expire(in: body)
    }

    /// A request has been read whole.
    func requestEnded() {
        phase = .answering
        deadline = nil
    }

    /// The answer has been written: the next byte starts another request.
    func responseEnded() {
        if phase == .answering { phase = .idle }
    }

    private func expire(in amount: TimeAmount) {
        guard let context else { return }
        let due = context.eventLoop.now + amount
        deadline = due
        if check == nil { schedule(at: due, on: context) }
    }

    /// When the timer fires: close the connection if its deadline has passed, wait for a
    /// deadline moved later, or let the timer go when no deadline is set.
    private func schedule(at due: NIODeadline, on context: ChannelHandlerContext) {
        // On the connection's own event loop, like every call of a channel handler.
        check = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [weak self] in
            guard let self, let context = self.context else { return }
            self.check = nil
            guard let deadline = self.deadline else { return }
            if deadline <= context.eventLoop.now {
                context.close(promise: nil)
            } else {
                self.schedule(at: deadline, on: context)
            }
        }
    }

    private static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
