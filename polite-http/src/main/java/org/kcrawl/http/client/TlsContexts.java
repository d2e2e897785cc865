package org.kcrawl.http.client;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import javax.net.ssl.SSLException;

/**
 * Builds the client's TLS context: certificate chain and host-name verification on by default, SNI
 * sent for host names, HTTP/1.1 offered over ALPN, and a client certificate for servers that ask.
 */
final class TlsContexts {
    private TlsContexts() {}

    /** The context for {@code settings}; reads the trust file, so call it at start-up. */
    static SslContext forClient(HttpClientSettings settings) {
        SslContextBuilder builder = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                .protocols("TLSv1.3", "TLSv1.2")
                .applicationProtocolConfig(new ApplicationProtocolConfig(
                        ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        "http/1.1"));
        if (settings.trustAllCertificates()) {
            builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
        } else {
            builder.endpointIdentificationAlgorithm("HTTPS");
            if (settings.trustedCertificates() != null) {
                try (InputStream in = Files.newInputStream(settings.trustedCertificates())) {
                    builder.trustManager(in);
                } catch (IOException e) {
                    throw new UncheckedIOException("trustedCertificates cannot be read: "
                            + settings.trustedCertificates(), e);
                }
            }
        }
        if (settings.clientCertificate() != null) {
            try {
                builder.keyManager(settings.clientCertificate().toFile(), settings.clientKey().toFile());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("clientCertificate " + settings.clientCertificate() + " and clientKey "
                        + settings.clientKey() + " are not a usable PEM certificate chain and PKCS#8 key: "
                        + e.getMessage(), e);
            }
        }
        try {
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalArgumentException("TLS settings are not usable: " + e.getMessage(), e);
        }
    }
}
