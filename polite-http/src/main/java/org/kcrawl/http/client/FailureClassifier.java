package org.kcrawl.http.client;

import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.resolver.dns.DnsNameResolverException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import javax.net.ssl.SSLException;
import org.kcrawl.common.message.FailureReason;

/**
 * Maps a failure to a {@link FailureReason} by exception type and by how far the exchange had got,
 * never by message text.
 */
final class FailureClassifier {
    private FailureClassifier() {}

    /** How far a fetch had got when it failed; decides what a closed or reset connection means. */
    enum Phase {
        /** Resolving the host name. */
        RESOLVE,
        /** Opening the TCP connection, through a proxy if any, and the TLS handshake. */
        CONNECT,
        /** Request written, no response byte yet. */
        AWAIT_RESPONSE,
        /** Response bytes have arrived (head or body). */
        READ_RESPONSE
    }

    /** The reason for {@code failure} in {@code phase}. */
    static FailureReason classify(Throwable failure, Phase phase) {
        if (phase == Phase.RESOLVE) {
            return FailureReason.DNS;
        }
        Throwable ssl = find(failure, SSLException.class);
        if (find(failure, SslHandshakeTimeoutException.class) != null) {
            return FailureReason.TIMEOUT;
        }
        if (ssl != null || find(failure, NotSslRecordException.class) != null) {
            return FailureReason.TLS;
        }
        if (find(failure, ConnectTimeoutException.class) != null
                || find(failure, ReadTimeoutException.class) != null
                || find(failure, SocketTimeoutException.class) != null) {
            return FailureReason.TIMEOUT;
        }
        if (find(failure, UnknownHostException.class) != null
                || find(failure, DnsNameResolverException.class) != null) {
            return FailureReason.DNS;
        }
        if (find(failure, ProxyConnectException.class) != null
                || find(failure, ConnectException.class) != null
                || find(failure, NoRouteToHostException.class) != null) {
            return FailureReason.CONNECT;
        }
        if (find(failure, TooLongFrameException.class) != null
                || find(failure, DecompressionException.class) != null
                || find(failure, DecoderException.class) != null) {
            return FailureReason.PROTOCOL;
        }
        if (find(failure, ClosedChannelException.class) != null || find(failure, IOException.class) != null) {
            return closed(phase);
        }
        return FailureReason.INTERNAL;
    }

    /** What a connection that closed (or reset) in {@code phase} means. */
    static FailureReason closed(Phase phase) {
        return switch (phase) {
            case RESOLVE -> FailureReason.DNS;
            case CONNECT, AWAIT_RESPONSE -> FailureReason.CONNECT;
            case READ_RESPONSE -> FailureReason.PROTOCOL;
        };
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        int depth = 0;
        for (Throwable c = t; c != null && depth < 16; c = c.getCause(), depth++) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }
}
