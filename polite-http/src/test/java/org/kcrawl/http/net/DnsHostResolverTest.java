package org.kcrawl.http.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.nio.NioEventLoopGroup;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Names under {@code .invalid} fail at once, without a query: a crawl of such a URL (or a test of a DNS
 * failure) neither waits for a name server nor sends it anything.
 */
class DnsHostResolverTest {

    @Test
    void aNameUnderInvalidFailsAtOnceAsUnknown() throws Exception {
        NioEventLoopGroup loop = new NioEventLoopGroup(1);
        // A query timeout far longer than the test's wait: only an answer without a query is this quick.
        try (DnsHostResolver resolver = new DnsHostResolver(loop.next(), Duration.ofSeconds(30),
                Duration.ofMinutes(5), Duration.ofSeconds(10))) {
            assertThatThrownBy(() -> resolver.resolve("does-not-exist.invalid").get(1, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(UnknownHostException.class)
                    .hasMessageContaining("does-not-exist.invalid");
        } finally {
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void onlyTheInvalidDomainIsReserved() {
        assertThat(DnsHostResolver.isReservedInvalid("invalid")).isTrue();
        assertThat(DnsHostResolver.isReservedInvalid("a.b.INVALID")).isTrue();
        assertThat(DnsHostResolver.isReservedInvalid("x.invalid.")).isTrue();
        assertThat(DnsHostResolver.isReservedInvalid("invalid.example.org")).isFalse();
        assertThat(DnsHostResolver.isReservedInvalid("notinvalid")).isFalse();
    }
}
