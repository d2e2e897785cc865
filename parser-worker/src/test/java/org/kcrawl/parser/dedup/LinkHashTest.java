package org.kcrawl.parser.dedup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LinkHashTest {
    @Test
    void similarUrlsDoNotCollideAndSpreadOverTheHighBits() {
        Set<Long> hashes = new HashSet<>();
        int[] highBuckets = new int[256];
        int urls = 500_000;
        for (int i = 0; i < urls; i++) {
            long h = LinkHash.of("https://docs.example/api/module" + (i % 97) + "/Class" + i + ".html#m" + (i % 7));
            hashes.add(h);
            highBuckets[(int) (h >>> 56)]++;
        }
        assertThat(hashes).as("no collision among %d similar URLs", urls).hasSize(urls);
        // The set picks a bucket by the high bits: each of 256 high bytes gets its share (about 1,953).
        for (int count : highBuckets) {
            assertThat(count).isBetween(1_700, 2_200);
        }
    }

    @Test
    void isDeterministicAndTellsPrefixesApart() {
        assertThat(LinkHash.of("http://a.example/x")).isEqualTo(LinkHash.of("http://a.example/x"));
        assertThat(LinkHash.of("http://a.example/x")).isNotEqualTo(LinkHash.of("http://a.example/x/"));
        assertThat(LinkHash.of("")).isNotEqualTo(LinkHash.of("\u0000"));
    }
}
