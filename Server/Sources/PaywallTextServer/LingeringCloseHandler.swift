import NIOCore

/// Asks ``LingeringCloseHandler`` to end the connection with a lingering close: a user
/// outbound event, sent once the last response is written.
struct LingeringClose: Sendable {}

/// Ends a connection whose client may still be sending, as nginx's `lingering_close` does:
/// stops sending (half-close: the client reads what it was sent, then the end), then reads
/// and drops whatever the client still sends, and closes once the client is done sending,
/// nothing has arrived for `idleTime`, `maximumBytes` were dropped or `maximumTime` has
/// passed.
///
/// Closing a socket over bytes it has not read makes the system reset the connection, and a
/// reset can reach a client before the response it was sent: a client that writes its whole
/// body before it reads (Python's `urllib`, say) then gets a broken pipe instead of its 413.
/// Reading until the client is done avoids that within the bounds; past them, the close may
/// still reset the connection.
///
/// At the head of the pipeline, before HTTP/1's decoding, so that what is dropped is never
/// decoded: the HTTP parts the rest of the pipeline would see are not made at all. While it
/// lingers it asks for every next read itself, since the handlers after it (the async
/// channel's among them) hold reads back while what they were given is not consumed.
/// ``UnreadBodyHandler`` adds it and sends it ``LingeringClose``.
final class LingeringCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// The most bytes read and dropped: 64 MiB by default.
    let maximumBytes: Int
    /// The longest the whole lingering lasts: 10 s by default.
    let maximumTime: TimeAmount
    /// The longest wait for the client's next bytes: 1 s by default.
    let idleTime: TimeAmount

    private enum State {
        /// Every byte goes on to HTTP/1's decoding.
        case passing
        /// Sending is over; what arrives is counted and dropped.
        case lingering(dropped: Int, since: NIODeadline, lastRead: NIODeadline)
        /// Closing or closed.
        case closed
    }

    private var state = State.passing
    private var timer: Scheduled<Void>?

    init(maximumBytes: Int = 64 << 20, maximumTime: TimeAmount = .seconds(10), idleTime: TimeAmount = .seconds(1)) {
        self.maximumBytes = maximumBytes
        self.maximumTime = maximumTime
        self.idleTime = idleTime
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .passing:
            context.fireChannelRead(data)
        case .lingering(let dropped, let since, _):
            let total = dropped + unwrapInboundIn(data).readableBytes
            guard total < maximumBytes else { return close(context) }
            state = .lingering(dropped: total, since: since, lastRead: .now())
        case .closed:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        switch state {
        case .passing:
            context.fireChannelReadComplete()
        case .lingering:
            // Whatever the handlers after this one hold back: they are given nothing more.
            context.read()
        case .closed:
            break
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .lingering = state, case ChannelEvent.inputClosed = event {
            return close(context)  // the client is done sending: nothing is left unread
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case .passing = state { return context.fireErrorCaught(error) }
        close(context)  // the client reset the connection, say: nothing more to read
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is LingeringClose else { return context.triggerUserOutboundEvent(event, promise: promise) }
        promise?.succeed()
        guard case .passing = state else { return }
        let now = NIODeadline.now()
        state = .lingering(dropped: 0, since: now, lastRead: now)
        context.close(mode: .output, promise: nil)
        schedule(context, at: now + idleTime)
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        state = .closed
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    /// Checks the bounds at `deadline`: closes when one is reached, or waits for the next.
    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        cancelTimer()
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.timer = nil
            guard case .lingering(_, let since, let lastRead) = self.state else { return }
            let now = NIODeadline.now()
            let idleEnds = lastRead + self.idleTime
            let ends = since + self.maximumTime
            if now >= idleEnds || now >= ends {
                self.close(context)
            } else {
                self.schedule(context, at: min(idleEnds, ends))
            }
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func close(_ context: ChannelHandlerContext) {
        guard case .lingering = state else { return }
        cancelTimer()
        state = .closed
        context.close(promise: nil)
    }
}
