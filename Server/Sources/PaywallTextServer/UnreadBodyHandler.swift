import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Ends cleanly a request answered before its body was read (a 413 for a body over the
/// limit, a 415, a 404 with a body): without it, a `Connection: close` client still sending
/// its body waits for its own timeout, and a keep-alive one may make the server read a body
/// of any size.
///
/// When a final response starts while the request's body is still arriving (or before it
/// was sent at all, as a client that asked `Expect: 100-continue` waits for it):
/// - the request asked to close (`Connection: close`), or the rest of its body is over
///   `drainBytes` or of unknown length: the response says `Connection: close`; once it is
///   sent, the connection ends with a lingering close (``LingeringCloseHandler``): the server
///   stops sending, reads and drops what the client still sends, and closes once the client
///   is done, or within its bounds. Closing at once would reset the connection under a
///   client that writes its whole body before it reads the response.
/// - otherwise (keep-alive, a known rest of at most `drainBytes`): the rest is read and
///   dropped, and the connection serves the next request; when the rest does not arrive
///   within `drainTime`, the connection ends with a lingering close.
///
/// An informational response (`100 Continue`) changes nothing: the final one follows it.
///
/// In the pipeline after HTTP/1's decoding, before Hummingbird's request handling; it adds
/// ``LingeringCloseHandler`` at the pipeline's head.
final class UnreadBodyHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        /// Between requests, or a request whose body is read as usual.
        case idle
        /// A request's body is arriving: whether it asked to close, and how much of it is left
        /// (`nil`: unknown).
        case receiving(close: Bool, remaining: Int?)
        /// A response started before the body ended: once it is sent, drain the rest or close.
        case answeredEarly(close: Bool, remaining: Int?)
        /// The body's rest is being read and dropped; the request continues when it ends.
        case draining(left: Int)
        /// Sending is over: the connection ends with a lingering close, and what still comes
        /// through HTTP/1's decoding is dropped.
        case lingering
    }

    private let drainBytes: Int
    private let drainTime: TimeAmount
    private var state = State.idle
    private var deadline: Scheduled<Void>?
    /// Whether ``LingeringCloseHandler`` is in the pipeline; without it, a lingering close
    /// is a close.
    private var canLinger = false

    /// - Parameters:
    ///   - drainBytes: The most of a keep-alive request's rest that is read to keep the connection.
    ///   - drainTime: The longest wait for that rest.
    init(drainBytes: Int, drainTime: TimeAmount = .seconds(2)) {
        self.drainBytes = drainBytes
        self.drainTime = drainTime
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Before HTTP/1's decoding, so that what it drops is never decoded.
        canLinger = (try? context.pipeline.syncOperations.addHandler(LingeringCloseHandler(), position: .first)) != nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (state, part) {
        case (.lingering, _):
            return  // dropped
        case (.draining(let left), .body(let bytes)):
            let rest = left - bytes.readableBytes
            guard rest >= 0 else { return linger(context) }
            state = .draining(left: rest)
            return  // dropped
        case (.draining, .end):
            endDeadline()
            state = .idle
        case (.draining, .head):
            return linger(context)  // not HTTP/1 after a body: nothing to serve
        case (_, .head(let head)):
            let close = head.headerFields[.connection]?.lowercased().contains("close") ?? false
            let length = head.headerFields[.contentLength].flatMap { Int($0) }
            let chunked = head.headerFields[.transferEncoding] != nil
            state = (length ?? 0) > 0 || chunked ? .receiving(close: close, remaining: chunked ? nil : length) : .idle
        case (.receiving(let close, let remaining), .body(let bytes)):
            state = .receiving(close: close, remaining: remaining.map { $0 - bytes.readableBytes })
        case (.receiving, .end):
            state = .idle
        case (.answeredEarly(let close, let remaining), .body(let bytes)):
            state = .answeredEarly(close: close, remaining: remaining.map { $0 - bytes.readableBytes })
        case (.answeredEarly(let close, _), .end):
            // The body ended while the response was being written: nothing to drain.
            state = close ? .answeredEarly(close: true, remaining: 0) : .idle
        default:
            break
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The rest is dropped here, so the handlers after this one, which hold reads back
        // while what they were given is not consumed, never ask for more of it.
        if case .draining = state { context.read() }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch (state, unwrapOutboundIn(data)) {
        case (_, .head(let head)) where head.status.kind == .informational:
            context.write(data, promise: promise)  // `100 Continue`: the final response follows
        case (.receiving(let close, let remaining), .head(var head)):
            // Answered before the body ended: decide now, so that the head can say so.
            let closes = close || remaining.map { $0 > drainBytes } ?? true
            state = .answeredEarly(close: closes, remaining: remaining)
            if closes { head.headerFields[.connection] = "close" }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case (.answeredEarly(let close, _), .end):
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in self.afterEarlyResponse(context, close: close) }
        default:
            context.write(data, promise: promise)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        endDeadline()
    }

    /// The early response is sent: drain the rest of the body, or end with a lingering close.
    private func afterEarlyResponse(_ context: ChannelHandlerContext, close: Bool) {
        guard case .answeredEarly(_, let remaining) = state else { return }  // the body ended meanwhile
        if close { return linger(context) }
        state = .draining(left: remaining ?? 0)
        endDeadline()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: drainTime) { self.linger(context) }
        context.read()
    }

    private func endDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    /// Nothing more is sent or served: ``LingeringCloseHandler`` ends the connection.
    private func linger(_ context: ChannelHandlerContext) {
        endDeadline()
        if case .lingering = state { return }
        state = .lingering
        if canLinger {
            context.triggerUserOutboundEvent(LingeringClose(), promise: nil)
        } else {
            context.close(promise: nil)
        }
    }
}
