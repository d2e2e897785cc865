package org.kcrawl.render.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufInputStream;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DevTools protocol connection: commands sent as JSON over a WebSocket, each answered through a
 * future, events delivered to the listener of their session.
 *
 * <p>Threads: everything arrives on the connection's event loop, which completes the futures and calls
 * the listeners; they must not block (sending more commands is fine: a send only queues a frame). A
 * command not answered within the command timeout fails with {@link CdpException.Kind#TIMEOUT}, and
 * every command still waiting when the connection closes fails with {@link CdpException.Kind#CLOSED}.
 */
public final class CdpConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CdpConnection.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Session key of the browser's own events (those without a session id). */
    private static final String BROWSER = "";

    private final Channel channel;
    private final Duration commandTimeout;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, Consumer<CdpEvent>> listeners = new ConcurrentHashMap<>();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();

    private CdpConnection(Channel channel, Duration commandTimeout) {
        this.channel = channel;
        this.commandTimeout = commandTimeout;
    }

    /**
     * Connects to the browser's DevTools WebSocket at {@code uri} (a {@code ws://127.0.0.1:PORT/devtools/...}
     * address the browser printed), accepting messages up to {@code maxMessageBytes}.
     */
    public static CompletableFuture<CdpConnection> connect(URI uri, EventLoopGroup group, Duration commandTimeout,
                                                           int maxMessageBytes) {
        if (uri == null || group == null || commandTimeout == null) {
            throw new IllegalArgumentException("uri, group and commandTimeout are required");
        }
        CompletableFuture<CdpConnection> connected = new CompletableFuture<>();
        WebSocketClientProtocolConfig ws = WebSocketClientProtocolConfig.newBuilder()
                .webSocketUri(uri)
                .version(WebSocketVersion.V13)
                .allowExtensions(false)
                .maxFramePayloadLength(maxMessageBytes)
                .handshakeTimeoutMillis(commandTimeout.toMillis())
                // Chromium refuses a DevTools WebSocket whose handshake names an origin it was not told to allow.
                .generateOriginHeader(false)
                .build();
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, commandTimeout.toMillis()))
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast("http", new HttpClientCodec())
                                .addLast("http-aggregator", new HttpObjectAggregator(64 * 1024))
                                .addLast("websocket", new WebSocketClientProtocolHandler(ws))
                                .addLast("frame-aggregator", new WebSocketFrameAggregator(maxMessageBytes))
                                .addLast("cdp", new Handler(connected, commandTimeout));
                    }
                });
        bootstrap.connect(uri.getHost(), uri.getPort()).addListener(f -> {
            if (!f.isSuccess()) {
                connected.completeExceptionally(new CdpException(CdpException.Kind.CLOSED,
                        "cannot connect to the browser's DevTools at " + uri + ": " + f.cause()));
            }
        });
        return connected;
    }

    /** A fresh, empty parameter object. */
    public static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** Sends a browser-level command. */
    public CompletableFuture<JsonNode> send(String method, ObjectNode params) {
        return send(method, params, null);
    }

    /**
     * Sends {@code method} with {@code params} to the target attached as {@code sessionId} (null: the
     * browser itself); the future completes with the command's result on the event loop.
     */
    public CompletableFuture<JsonNode> send(String method, ObjectNode params, String sessionId) {
        long id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode();
        message.put("id", id);
        message.put("method", method);
        message.set("params", params == null ? params() : params);
        if (sessionId != null) {
            message.put("sessionId", sessionId);
        }
        Pending p = new Pending(method);
        if (closed.isDone()) {
            p.future.completeExceptionally(new CdpException(CdpException.Kind.CLOSED, method + ": the browser is gone"));
            return p.future;
        }
        pending.put(id, p);
        p.timer = channel.eventLoop().schedule(() -> {
            if (pending.remove(id) != null) {
                p.future.completeExceptionally(new CdpException(CdpException.Kind.TIMEOUT,
                        method + ": no answer within " + commandTimeout));
            }
        }, commandTimeout.toNanos(), TimeUnit.NANOSECONDS);
        String text;
        try {
            text = JSON.writeValueAsString(message);
        } catch (IOException e) {
            pending.remove(id);
            p.timer.cancel(false);
            p.future.completeExceptionally(e);
            return p.future;
        }
        channel.writeAndFlush(new TextWebSocketFrame(text)).addListener(f -> {
            if (!f.isSuccess() && pending.remove(id) != null) {
                p.timer.cancel(false);
                p.future.completeExceptionally(new CdpException(CdpException.Kind.CLOSED,
                        method + ": cannot send: " + f.cause()));
            }
        });
        return p.future;
    }

    /**
     * Delivers the events of {@code sessionId} (null: the browser's own) to {@code listener}, on the event
     * loop, replacing any listener it had.
     */
    public void listen(String sessionId, Consumer<CdpEvent> listener) {
        listeners.put(sessionId == null ? BROWSER : sessionId, listener);
    }

    /** Stops delivering the events of {@code sessionId} (a detached target). */
    public void forget(String sessionId) {
        if (sessionId != null) {
            listeners.remove(sessionId);
        }
    }

    /** Completes when the connection has closed, whoever closed it. */
    public CompletableFuture<Void> closeFuture() {
        return closed;
    }

    /** True while the connection is open. */
    public boolean isOpen() {
        return !closed.isDone();
    }

    /** Closes the connection; waiting commands fail with {@link CdpException.Kind#CLOSED}. */
    @Override
    public void close() {
        channel.close();
    }

    private void dispatch(JsonNode message) {
        JsonNode id = message.get("id");
        if (id != null) {
            Pending p = pending.remove(id.asLong());
            if (p == null) {
                return; // answered after its timeout
            }
            p.timer.cancel(false);
            JsonNode error = message.get("error");
            if (error != null) {
                p.future.completeExceptionally(new CdpException(CdpException.Kind.PROTOCOL,
                        p.method + ": " + error.path("message").asText(error.toString())));
            } else {
                p.future.complete(message.path("result"));
            }
            return;
        }
        String method = message.path("method").asText(null);
        if (method == null) {
            return;
        }
        String session = message.path("sessionId").asText(BROWSER);
        Consumer<CdpEvent> listener = listeners.get(session);
        if (listener == null) {
            return;
        }
        try {
            listener.accept(new CdpEvent(method, message.path("params"), session.isEmpty() ? null : session));
        } catch (RuntimeException e) {
            // A listener's bug must not take the connection, and every other page on it, down.
            log.error("listener of DevTools event {} failed", method, e);
        }
    }

    private void closedNow() {
        closed.complete(null);
        for (Long id : List.copyOf(pending.keySet())) {
            Pending p = pending.remove(id);
            if (p != null) {
                p.timer.cancel(false);
                p.future.completeExceptionally(new CdpException(CdpException.Kind.CLOSED,
                        p.method + ": the connection to the browser closed"));
            }
        }
    }

    private static final class Pending {
        final String method;
        final CompletableFuture<JsonNode> future = new CompletableFuture<>();
        ScheduledFuture<?> timer;

        Pending(String method) {
            this.method = method;
        }
    }

    /** The pipeline's last handler: the handshake, then one JSON message per text frame. */
    private static final class Handler extends SimpleChannelInboundHandler<TextWebSocketFrame> {
        private final CompletableFuture<CdpConnection> connected;
        private final Duration commandTimeout;
        private CdpConnection connection;

        Handler(CompletableFuture<CdpConnection> connected, Duration commandTimeout) {
            this.connected = connected;
            this.commandTimeout = commandTimeout;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                connection = new CdpConnection(ctx.channel(), commandTimeout);
                connected.complete(connection);
            } else if (event == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
                connected.completeExceptionally(new CdpException(CdpException.Kind.TIMEOUT,
                        "the browser did not complete the DevTools handshake"));
                ctx.close();
            }
            super.userEventTriggered(ctx, event);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) throws Exception {
            if (connection == null) {
                return;
            }
            JsonNode message;
            try (ByteBufInputStream in = new ByteBufInputStream(frame.content())) {
                message = JSON.readTree((java.io.InputStream) in);
            }
            connection.dispatch(message);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            connected.completeExceptionally(new CdpException(CdpException.Kind.CLOSED,
                    "the browser closed the DevTools connection"));
            if (connection != null) {
                connection.closedNow();
            }
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            log.warn("DevTools connection failed: {}", cause.toString());
            ctx.close();
        }
    }
}
