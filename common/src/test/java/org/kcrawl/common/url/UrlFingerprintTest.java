package org.kcrawl.common.url;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fingerprints are kept in the seen topic across runs and versions: the function must never change. */
class UrlFingerprintTest {
    @Test
    void isTheFirstEightBytesOfTheSha256OfTheUtf8Bytes() throws Exception {
        List<String> urls = List.of("https://example.org/", "http://127.0.0.1:8082/api/java.base/String.html",
                "https://ex.example/caf\u00e9?q=\u2014", "http://x.example/\ud83d\ude00", "http://a.example/" + "p".repeat(20_000),
                "http://a.example/\ud800broken");
        for (String url : urls) {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            long expected = 0;
            for (int i = 0; i < 8; i++) {
                expected = (expected << 8) | (d[i] & 0xFF);
            }
            assertThat(UrlFingerprint.of(url)).as(url).isEqualTo(expected);
        }
    }

    @Test
    void aKnownUrlKeepsItsKnownFingerprint() {
        assertThat(UrlFingerprint.of("https://example.org/")).isEqualTo(GOLDEN);
    }

    /** Written down from the function's first version; a different value means persisted seen-sets are lost. */
    private static final long GOLDEN = -9108299646273712077L;
}
