package org.kcrawl.fetcher.http;

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
 */
final class ExchangeHandler extends ChannelInboundHandlerAdapter {
    static final String READ_TIMEOUT = "read-timeout";
    private static final int MAX_INTERIM_RESPONSES = 8;
    private static final int INITIAL_BODY_CAPACITY = 16 * 1024;

    /** Receives the outcome of one exchange, on the channel's event loop. */
    interface Listener {
        /**
         * The request's bytes reached the socket (the write completed): the moment the server can
         * first see it, which politeness counts intervals from.
         */
        void onWritten();

        /** A complete (possibly truncated) response; {@code reusable} when the connection may serve another request. */
        void onResponse(ResponseData response, boolean reusable);

        /** The exchange failed; the connection must be closed. */
        void onFailure(FetchException failure, boolean responseStarted);
    }

    private final ConnectionState state;
    private final ResponseLimits limits;
    private ChannelHandlerContext ctx;
    private Listener listener;

    private HttpResponse head;
    private int interimResponses;
    private boolean inInterim;
    private boolean readBody;
    private Map<String, String> headers;
    private ByteBuf body;
    private boolean truncated;
    private long decodedBytes;

    ExchangeHandler(ConnectionState state, ResponseLimits limits) {
        this.state = state;
        this.limits = limits;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** True while an exchange is running. Event loop only. */
    boolean busy() {
        return listener != null;
    }

    /** Writes {@code request} and reports its response to {@code l}. Event loop only; one exchange at a time. */
    void start(HttpRequest request, Listener l) {
        if (!ctx.executor().inEventLoop()) {
            throw new IllegalStateException("start must run on the channel's event loop");
        }
        if (listener != null) {
            throw new IllegalStateException("an exchange is already running on " + ctx.channel());
        }
        state.beginRequest();
        listener = l;
        interimResponses = 0;
        ctx.pipeline().addFirst(READ_TIMEOUT,
                new ReadTimeoutHandler(limits.idleReadTimeoutMillis(), TimeUnit.MILLISECONDS));
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
        if (body == null) {
            // Sized by what arrived, never by the Content-Length the server announces: many slow servers
            // announcing 2 MiB and sending a byte would otherwise hold concurrency x 2 MiB. The buffer
            // grows (doubling) with the data, up to the cap.
            int initial = Math.min(limits.maxBodyBytes(), Math.max(piece.readableBytes(), INITIAL_BODY_CAPACITY));
            body = ctx.alloc().heapBuffer(initial, limits.maxBodyBytes());
        }
        int room = limits.maxBodyBytes() - body.readableBytes();
        int n = piece.readableBytes();
        if (n > room) {
            truncated = true;
        }
        if (room > 0) {
            body.writeBytes(piece, piece.readerIndex(), Math.min(room, n));
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
        Listener l = listener;
        byte[] bytes = body == null ? new byte[0] : ByteBufUtil.getBytes(body);
        ResponseData data = new ResponseData(head.status().code(), headers,
                head.headers().get(HttpHeaderNames.CONTENT_TYPE), bytes, truncated);
        if (!reusable) {
            abandon();
        }
        finish();
        l.onResponse(data, reusable);
    }

    private void fail(FailureReason reason, String detail, Throwable cause) {
        Listener l = listener;
        Integer status = head == null ? null : head.status().code();
        boolean started = responseStarted();
        abandon();
        finish();
        l.onFailure(new FetchException(reason, detail, status, cause), started);
    }

    private void abandon() {
        state.abandoned = true;
        ctx.channel().config().setAutoRead(false);
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
        if (ctx.pipeline().get(READ_TIMEOUT) != null) {
            ctx.pipeline().remove(READ_TIMEOUT);
        }
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
    }
}
