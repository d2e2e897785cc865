package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.client.FailureClassifier.Phase.AWAIT_RESPONSE;
import static org.kcrawl.http.client.FailureClassifier.Phase.CONNECT;
import static org.kcrawl.http.client.FailureClassifier.Phase.READ_RESPONSE;
import static org.kcrawl.http.client.FailureClassifier.Phase.RESOLVE;

import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;

class FailureClassifierTest {

    @Test
    void classifiesByTypeAndPhase() {
        assertThat(FailureClassifier.classify(new ConnectTimeoutException("x"), CONNECT)).isEqualTo(FailureReason.TIMEOUT);
        assertThat(FailureClassifier.classify(ReadTimeoutException.INSTANCE, AWAIT_RESPONSE))
                .isEqualTo(FailureReason.TIMEOUT);
        assertThat(FailureClassifier.classify(new SslHandshakeTimeoutException("x"), CONNECT))
                .isEqualTo(FailureReason.TIMEOUT);
        assertThat(FailureClassifier.classify(new UnknownHostException("x"), RESOLVE)).isEqualTo(FailureReason.DNS);
        assertThat(FailureClassifier.classify(new ConnectException("refused"), CONNECT)).isEqualTo(FailureReason.CONNECT);
        assertThat(FailureClassifier.classify(
                new HttpProxyHandler.HttpProxyConnectException("x", null), CONNECT)).isEqualTo(FailureReason.CONNECT);
        assertThat(FailureClassifier.classify(new DecoderException(new SSLHandshakeException("bad cert")), CONNECT))
                .isEqualTo(FailureReason.TLS);
        assertThat(FailureClassifier.classify(new NotSslRecordException("plain"), CONNECT)).isEqualTo(FailureReason.TLS);
        assertThat(FailureClassifier.classify(new TooLongHttpHeaderException("x"), READ_RESPONSE))
                .isEqualTo(FailureReason.PROTOCOL);
        assertThat(FailureClassifier.classify(new DecoderException("x"), READ_RESPONSE)).isEqualTo(FailureReason.PROTOCOL);
    }

    @Test
    void aResetMeansConnectBeforeTheResponseAndProtocolDuringIt() {
        IOException reset = new IOException("Connection reset by peer");
        assertThat(FailureClassifier.classify(reset, AWAIT_RESPONSE)).isEqualTo(FailureReason.CONNECT);
        assertThat(FailureClassifier.classify(reset, READ_RESPONSE)).isEqualTo(FailureReason.PROTOCOL);
        assertThat(FailureClassifier.classify(new ClosedChannelException(), CONNECT)).isEqualTo(FailureReason.CONNECT);
    }

    @Test
    void messageTextDoesNotMatter() {
        assertThat(FailureClassifier.classify(new IOException("timed out"), AWAIT_RESPONSE))
                .isEqualTo(FailureReason.CONNECT);
        assertThat(FailureClassifier.classify(new IllegalStateException("ssl handshake"), READ_RESPONSE))
                .isEqualTo(FailureReason.INTERNAL);
    }
}
