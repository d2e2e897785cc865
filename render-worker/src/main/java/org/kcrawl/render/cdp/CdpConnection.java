package org.kcrawl.render.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DevTools protocol connection over the browser's DevTools pipe ({@code --remote-debugging-pipe}): commands
 * written as JSON texts each ended by a NUL byte, answers and events read alike, each command answered through a
 * future, events delivered to the listener of their session. No port is open, so no other local user or page
 * can reach the browser's DevTools.
 *
 * <p>Threads: a reader thread of its own reads the pipe and hands each message to the connection's event loop,
 * which completes the futures and calls the listeners; they must not block (sending more commands is fine: a
 * send only queues the message for the writer thread, so no event loop ever waits on a full pipe). A command
 * not answered within the command timeout fails with {@link CdpException.Kind#TIMEOUT}, and every command still
 * waiting when the connection closes fails with {@link CdpException.Kind#CLOSED}. An answer longer than the
 * largest message accepted fails its command with {@link CdpException.Kind#TOO_LARGE}; the connection stays.
 */
public final class CdpConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CdpConnection.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Session key of the browser's own events (those without a session id). */
    private static final String BROWSER = "";

    private final EventLoop loop;
    private final InputStream in;
    private final OutputStream out;
    private final Duration commandTimeout;
    private final int maxMessageBytes;
    private final ExecutorService writer;
    /** Bytes queued for the writer: past twice the largest message the browser is not reading, and sends fail. */
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, Consumer<CdpEvent>> listeners = new ConcurrentHashMap<>();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();

    private CdpConnection(EventLoop loop, InputStream in, OutputStream out, Duration commandTimeout,
                          int maxMessageBytes, String name) {
        this.loop = loop;
        this.in = in;
        this.out = out;
        this.commandTimeout = commandTimeout;
        this.maxMessageBytes = maxMessageBytes;
        this.writer = Executors.newSingleThreadExecutor(r -> daemon(r, name + "-write"));
    }

    /**
     * A connection reading the browser's messages from {@code fromBrowser} (its DevTools output pipe) and writing
     * commands to {@code toBrowser} (its input pipe), dispatching on {@code loop}, accepting messages up to
     * {@code maxMessageBytes}; its threads are named after {@code name}.
     */
    public static CdpConnection open(InputStream fromBrowser, OutputStream toBrowser, EventLoop loop,
                                     Duration commandTimeout, int maxMessageBytes, String name) {
        if (fromBrowser == null || toBrowser == null || loop == null || commandTimeout == null || name == null) {
            throw new IllegalArgumentException("fromBrowser, toBrowser, loop, commandTimeout and name are required");
        }
        CdpConnection connection = new CdpConnection(loop, fromBrowser, toBrowser, commandTimeout, maxMessageBytes,
                name);
        daemon(connection::read, name + "-read").start();
        return connection;
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
        return send(method, params, sessionId, commandTimeout);
    }

    /** Sends like {@link #send(String, ObjectNode, String)}, waiting up to {@code timeout} for the answer. */
    public CompletableFuture<JsonNode> send(String method, ObjectNode params, String sessionId, Duration timeout) {
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
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(message);
        } catch (IOException e) {
            p.future.completeExceptionally(e);
            return p.future;
        }
        if (queuedBytes.addAndGet(bytes.length + 1L) > 2L * maxMessageBytes) {
            queuedBytes.addAndGet(-(bytes.length + 1L));
            p.future.completeExceptionally(new CdpException(CdpException.Kind.TIMEOUT,
                    method + ": the browser is not reading its commands"));
            return p.future;
        }
        pending.put(id, p);
        p.timer = loop.schedule(() -> {
            if (pending.remove(id) != null) {
                p.future.completeExceptionally(new CdpException(CdpException.Kind.TIMEOUT,
                        method + ": no answer within " + timeout));
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (closed.isDone() && pending.remove(id) != null) {
            // Closed since the look above, after the close failed what was waiting.
            p.timer.cancel(false);
            queuedBytes.addAndGet(-(bytes.length + 1L));
            p.future.completeExceptionally(new CdpException(CdpException.Kind.CLOSED, method + ": the browser is gone"));
            return p.future;
        }
        try {
            writer.execute(() -> write(id, p, bytes));
        } catch (RejectedExecutionException e) {
            queuedBytes.addAndGet(-(bytes.length + 1L));
            if (pending.remove(id) != null) {
                p.timer.cancel(false);
                p.future.completeExceptionally(new CdpException(CdpException.Kind.CLOSED,
                        method + ": the browser is gone"));
            }
        }
        return p.future;
    }

    /** Writer thread: one message and its NUL; a failed write means the browser's end of the pipe is gone. */
    private void write(long id, Pending p, byte[] bytes) {
        try {
            out.write(bytes);
            out.write(0);
            out.flush();
        } catch (IOException e) {
            if (pending.remove(id) != null) {
                p.timer.cancel(false);
                p.future.completeExceptionally(new CdpException(CdpException.Kind.CLOSED,
                        p.method + ": cannot send: " + e));
            }
            close();
        } finally {
            queuedBytes.addAndGet(-(bytes.length + 1L));
        }
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

    /**
     * Closes the connection: the pipe to the browser is closed (a browser whose DevTools pipe closes exits) and
     * waiting commands fail with {@link CdpException.Kind#CLOSED}. Idempotent.
     */
    @Override
    public void close() {
        if (closed.isDone()) {
            return;
        }
        writer.shutdownNow();
        try {
            out.close();
        } catch (IOException e) {
            log.debug("closing the DevTools pipe: {}", e.toString());
        }
        try {
            in.close();
        } catch (IOException e) {
            log.debug("closing the DevTools pipe: {}", e.toString());
        }
        loop.execute(this::closedNow);
    }

    /**
     * Reader thread: splits the pipe into messages at NUL bytes and hands each to the event loop, until the pipe
     * ends (the browser exited or the connection closed). A message longer than accepted is skipped and fails
     * only the command it answers: one page's huge DOM does not take the browser down.
     */
    private void read() {
        byte[] buffer = new byte[64 * 1024];
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        OversizedMessage oversized = null;
        try {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                int from = 0;
                for (int i = 0; i <= n; i++) {
                    boolean end = i < n && buffer[i] == 0;
                    if (!end && i < n) {
                        continue;
                    }
                    if (oversized != null) {
                        oversized.skipped(i - from);
                    } else {
                        message.write(buffer, from, i - from);
                        if (message.size() > maxMessageBytes) {
                            oversized = new OversizedMessage(message.toByteArray());
                            message.reset();
                        }
                    }
                    if (end) {
                        if (oversized != null) {
                            failOversized(oversized);
                            oversized = null;
                        } else {
                            deliver(message.toByteArray());
                            message.reset();
                        }
                    }
                    from = i + 1;
                }
            }
        } catch (IOException e) {
            log.debug("the DevTools pipe ended: {}", e.toString());
        }
        close();
    }

    /** The oversized message is gone: the command it answers, when its head names one, fails alone. */
    private void failOversized(OversizedMessage oversized) {
        long id = oversized.id();
        log.warn("skipped a DevTools message of {} bytes, over the {} accepted{}", oversized.bytes(), maxMessageBytes,
                id < 0 ? "" : " (the answer to command " + id + ")");
        if (id < 0) {
            return;
        }
        loop.execute(() -> {
            Pending p = pending.remove(id);
            if (p != null) {
                p.timer.cancel(false);
                p.future.completeExceptionally(new CdpException(CdpException.Kind.TOO_LARGE, p.method
                        + ": the answer is over " + maxMessageBytes + " bytes (" + oversized.bytes() + ")"));
            }
        });
    }

    private void deliver(byte[] bytes) {
        JsonNode parsed;
        try {
            parsed = JSON.readTree(bytes);
        } catch (IOException e) {
            log.warn("ignoring a DevTools message that is not JSON: {}", e.toString());
            return;
        }
        loop.execute(() -> dispatch(parsed));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
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
        writer.shutdownNow();
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
}
