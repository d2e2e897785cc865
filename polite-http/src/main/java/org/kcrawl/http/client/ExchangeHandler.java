package org.kcrawl.http.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.kcrawl.common.message.FailureReason;

/**
 * The last handler of a connection: runs one request/response exchange at a time, collects the
 * decoded body under its caps, and reports the outcome exactly once to the exchange's listener.
 *
 * <p>A body longer than the body cap is kept truncated; reading stops there (identity bodies) or
 * continues without keeping bytes until the end or the decoded-size cap (compressed bodies, so a
 * decompression bomb ends as TOO_LARGE). A response whose content type is not read fully completes at
 * its head. Whenever a response is not read to its end, the connection is marked abandoned and must
 * not be reused. An idle-read timeout guards each exchange from the write of the request to its end.
 *
 * <p>The body buffer grows with the data, by {@link BodyMemory}'s leave: when a growth cannot be granted,
 * the connection stops reading (and its idle-read timeout stops: the silence is ours) until it is; what
 * arrives meanwhile (the rest of the socket read under way) is kept, up to {@link BodyMemory#MAX_OVERDRAFT} past
 * the grant, and {@link BodyValve} holds what comes after it undecoded. A body that would overdraw more
 * (a compressed piece inflating far while it waits) fails as refused for memory: the URL is not at fault.
 * The body's memory is given back only after the listener has had the response, so the page it becomes
 * is counted before the body stops being counted.
 */
final class ExchangeHandler extends ChannelInboundHandlerAdapter {
    static final String READ_TIMEOUT = "read-timeout";
    private static final int MAX_INTERIM_RESPONSES = 8;
    private static final int INITIAL_BODY_CAPACITY = 16 * 1024;

    private final ConnectionState state;
    private final ResponseLimits limits;
    private final BodyMemory memory;
    private final BodyValve valve;
    private ChannelHandlerContext ctx;
    private ExchangeListener listener;

    private HttpResponse head;
    private int interimResponses;
    private boolean inInterim;
    private boolean readBody;
    private Map<String, String> headers;
    private ByteBuf body;
    private BodyMemory.Claim claim;
    private boolean truncated;
    private long decodedBytes;

    ExchangeHandler(ConnectionState state, ResponseLimits limits, BodyMemory memory, BodyValve valve) {
        this.state = state;
        this.limits = limits;
        this.memory = memory;
        this.valve = valve;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** True while the running exchange's body waits for memory to grow. Event loop only. */
    boolean waitingForMemory() {
        return listener != null && state.waitingForMemory;
    }

    /** Writes {@code request} and reports its response to {@code l}. Event loop only; one exchange at a time. */
    void start(HttpRequest request, ExchangeListener l) {
        if (!ctx.executor().inEventLoop()) {
            throw new IllegalStateException("start must run on the channel's event loop");
        }
        if (listener != null) {
            throw new IllegalStateException("an exchange is already running on " + ctx.channel());
        }
        state.beginRequest();
        listener = l;
        interimResponses = 0;
        addReadTimeout();
        ctx.writeAndFlush(request).addListener(f -> {
            if (listener != l) {
                return; // the exchange already ended (a response before the write completed, a failure)
            }
            if (f.isSuccess()) {
                l.onWritten();
            } else {
                fail(FailureClassifier.closed(FailureClassifier.Phase.AWAIT_RESPONSE),
                        "request could not be written", f.cause());
            }
        });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (listener == null) {
                if (!state.abandoned) {
                    // Data nobody asked for on an idle connection: it can no longer be trusted to frame responses.
                    ctx.close();
                }
                return;
            }
            if (msg instanceof HttpObject obj && obj.decoderResult().isFailure()) {
                fail(FailureReason.PROTOCOL, "malformed response", obj.decoderResult().cause());
                return;
            }
            if (msg instanceof HttpResponse response) {
                onHead(response);
            }
            if (listener != null && msg instanceof HttpContent content) {
                onContent(content);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (listener != null) {
            FailureClassifier.Phase phase = responseStarted()
                    ? FailureClassifier.Phase.READ_RESPONSE : FailureClassifier.Phase.AWAIT_RESPONSE;
            fail(FailureClassifier.classify(cause, phase), "connection failed", cause);
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (listener != null) {
            fail(FailureClassifier.closed(responseStarted()
                            ? FailureClassifier.Phase.READ_RESPONSE : FailureClassifier.Phase.AWAIT_RESPONSE),
                    responseStarted() ? "connection closed during the response" : "connection closed before a response",
                    null);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseBody();
    }

    private void onHead(HttpResponse response) {
        int status = response.status().code();
        if (status >= 100 && status < 200) {
            if (status == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
                fail(FailureReason.PROTOCOL, "unrequested protocol switch", null);
            } else if (++interimResponses > MAX_INTERIM_RESPONSES) {
                fail(FailureReason.PROTOCOL, "more than " + MAX_INTERIM_RESPONSES + " interim responses", null);
            } else {
                inInterim = true;
            }
            return;
        }
        head = response;
        if (response.headers().size() > limits.maxHeaderCount()) {
            fail(FailureReason.PROTOCOL, "response has " + response.headers().size() + " header fields, more than "
                    + limits.maxHeaderCount(), null);
            return;
        }
        headers = SelectedHeaders.select(response.headers(), state.announcedLength);
        String mediaType = SelectedHeaders.mediaType(response.headers().get(HttpHeaderNames.CONTENT_TYPE));
        readBody = mediaType == null || limits.fullBodyTypes().contains(mediaType);
        boolean hasBody = expectsBody(response);
        if (readBody && hasBody && state.unsupportedEncoding != null) {
            fail(FailureReason.PROTOCOL, "unrequested content-encoding '" + state.unsupportedEncoding + "'", null);
        } else if (!readBody && hasBody) {
            // Metadata only: stop here rather than drain a body nobody will keep.
            complete(false);
        }
    }

    private void onContent(HttpContent content) {
        if (inInterim) {
            inInterim = !(content instanceof LastHttpContent);
            return;
        }
        if (head == null) {
            fail(FailureReason.PROTOCOL, "body without a response head", null);
            return;
        }
        int n = content.content().readableBytes();
        decodedBytes += n;
        if (decodedBytes > limits.maxDecodedBytes() || state.bytesSinceRequest > limits.maxWireBytes()) {
            fail(FailureReason.TOO_LARGE, "body exceeds " + limits.maxDecodedBytes() + " bytes once decoded", null);
            return;
        }
        if (readBody && n > 0) {
            append(content.content());
            if (listener == null) {
                return; // refused for memory
            }
            if (truncated && !state.compressed) {
                complete(false);
                return;
            }
        }
        if (content instanceof LastHttpContent) {
            complete(HttpUtil.isKeepAlive(head));
        }
    }

    private void append(ByteBuf piece) {
        int kept = body == null ? 0 : body.readableBytes();
        int room = limits.maxBodyBytes() - kept;
        int n = piece.readableBytes();
        if (n > room) {
            truncated = true;
        }
        int keep = Math.min(room, n);
        if (keep <= 0) {
            return;
        }
        if ((body == null || kept + keep > body.capacity()) && !makeRoom(kept + keep)) {
            return;
        }
        body.writeBytes(piece, piece.readerIndex(), keep);
    }

    /**
     * Makes the body buffer hold {@code needed} bytes: doubled with memory granted when it can be had,
     * else exactly as much, overdrawn while the connection waits. False when the exchange failed instead.
     * Sized by what arrived, never by the Content-Length a server announces: many slow servers announcing
     * 2 MiB and sending a byte would otherwise hold concurrency x 2 MiB.
     */
    private boolean makeRoom(int needed) {
        int capacity = body == null ? 0 : body.capacity();
        int target = Math.min(limits.maxBodyBytes(), Math.max(needed, Math.max(INITIAL_BODY_CAPACITY, 2 * capacity)));
        if (claim == null) {
            claim = memory.claim();
        }
        BodyMemory.Claim asking = claim;
        if (!state.waitingForMemory && asking.reserve(target, () -> ctx.executor().execute(() -> granted(asking)))) {
            resize(target);
            return true;
        }
        if (!state.waitingForMemory) {
            waitForMemory();
        }
        if (needed - asking.granted() > BodyMemory.MAX_OVERDRAFT) {
            failRefused("no memory for the body: the fetcher's page memory is in use (max_inflight_body_bytes,"
                    + " max_unacked_page_bytes), and it arrived faster than that allows");
            return false;
        }
        resize(needed);
        asking.overdraw(needed);
        return true;
    }

    private void resize(int capacity) {
        if (body == null) {
            body = ctx.alloc().heapBuffer(capacity, limits.maxBodyBytes());
        } else {
            body.capacity(capacity);
        }
    }

    /** Stops reading until memory is granted; the silence that follows is ours, not the server's. */
    private void waitForMemory() {
        state.waitingForMemory = true;
        ctx.channel().config().setAutoRead(false);
        removeReadTimeout();
    }

    /** Memory was granted to {@code asking}: reads go on, starting with what the valve held. Event loop. */
    private void granted(BodyMemory.Claim asking) {
        if (asking != claim || !state.waitingForMemory) {
            return; // the exchange ended meanwhile
        }
        state.waitingForMemory = false;
        addReadTimeout();
        valve.release();
        if (!state.waitingForMemory && !state.abandoned) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    private void addReadTimeout() {
        if (ctx.pipeline().get(READ_TIMEOUT) == null) {
            ctx.pipeline().addFirst(READ_TIMEOUT,
                    new ReadTimeoutHandler(limits.idleReadTimeoutMillis(), TimeUnit.MILLISECONDS));
        }
    }

    private void removeReadTimeout() {
        if (ctx.pipeline().get(READ_TIMEOUT) != null) {
            ctx.pipeline().remove(READ_TIMEOUT);
        }
    }

    private boolean expectsBody(HttpResponse response) {
        int status = response.status().code();
        if (status == 204 || status == 304) {
            return false;
        }
        return HttpUtil.getContentLength(response, -1L) != 0;
    }

    private boolean responseStarted() {
        return state.bytesSinceRequest > 0;
    }

    private void complete(boolean reusable) {
        ExchangeListener l = listener;
        byte[] bytes = body == null ? new byte[0] : ByteBufUtil.getBytes(body);
        ResponseData data = new ResponseData(head.status().code(), headers,
                head.headers().get(HttpHeaderNames.CONTENT_TYPE), bytes, truncated, state.heads());
        // What the valve still holds after the response's end belongs to no request.
        boolean reuse = reusable && valve.isEmpty();
        if (!reuse) {
            abandon();
        }
        BodyMemory.Claim held = claim;
        claim = null;
        finish();
        try {
            l.onResponse(data, reuse);
        } finally {
            // Only now: the listener has counted the page the body became, if it keeps one.
            if (held != null) {
                held.close();
            }
        }
    }

    /** The exchange is refused for a reason of the client's own, not the server's. */
    private void failRefused(String detail) {
        ExchangeListener l = listener;
        boolean started = responseStarted();
        abandon();
        finish();
        l.onFailure(new FetchRejectedException(FetchRejectedException.Kind.MEMORY, detail), started);
    }

    private void fail(FailureReason reason, String detail, Throwable cause) {
        ExchangeListener l = listener;
        Integer status = head == null ? null : head.status().code();
        boolean started = responseStarted();
        abandon();
        finish();
        l.onFailure(new FetchException(reason, detail, status, cause), started);
    }

    private void abandon() {
        state.abandoned = true;
        ctx.channel().config().setAutoRead(false);
        valve.discard();
    }

    private void finish() {
        listener = null;
        head = null;
        headers = null;
        readBody = false;
        truncated = false;
        inInterim = false;
        decodedBytes = 0;
        releaseBody();
        removeReadTimeout();
        if (state.waitingForMemory) {
            // Ended while waiting (its end was in the read that overdrew): a kept connection reads again.
            state.waitingForMemory = false;
            if (!state.abandoned) {
                ctx.channel().config().setAutoRead(true);
            }
        }
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
        if (claim != null) {
            claim.close();
            claim = null;
        }
    }
}
