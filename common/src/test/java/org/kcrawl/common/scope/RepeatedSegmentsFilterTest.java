package org.kcrawl.common.scope;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

class RepeatedSegmentsFilterTest {

    @Test
    void rejectsAPathWithASegmentMoreThanTheMaximumTimes() throws Exception {
        RepeatedSegmentsFilter filter = new RepeatedSegmentsFilter(3);
        assertThat(filter.accepts(candidate("/a/b/a/b/a/b/"))).isTrue();
        assertThat(filter.accepts(candidate("/a/b/a/b/a/b/a/"))).isFalse();
        assertThat(filter.accepts(candidate("/x/x/x/x"))).isFalse();
        assertThat(filter.accepts(candidate("/x//x//x//x/y"))).isFalse();
        assertThat(filter.accepts(candidate("/xa/xb/xc/xd/xe/xf/xg/xh"))).isTrue();
        assertThat(filter.accepts(candidate("/api/net/sample/net/time/net/T.html"))).isTrue();
    }

    @Test
    void agreesWithCountingEverySegment() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        String[] words = {"a", "b", "net", "api", "sample", "x", "docs", "v1", "Index.html"};
        for (int maxRepeats = 1; maxRepeats <= 4; maxRepeats++) {
            RepeatedSegmentsFilter filter = new RepeatedSegmentsFilter(maxRepeats);
            for (int i = 0; i < 5_000; i++) {
                StringBuilder path = new StringBuilder();
                int segments = random.nextInt(12);
                for (int s = 0; s < segments; s++) {
                    path.append('/').append(random.nextInt(8) == 0 ? "" : words[random.nextInt(words.length)]);
                }
                path.append('/');
                assertThat(filter.accepts(candidate(path.toString()))).as("%s at most %d", path, maxRepeats)
                        .isEqualTo(mostRepeats(path.toString()) <= maxRepeats);
            }
        }
    }

    private static int mostRepeats(String path) {
        Map<String, Integer> counts = new HashMap<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                counts.merge(segment, 1, Integer::sum);
            }
        }
        return counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    private static LinkCandidate candidate(String path) throws InvalidUrlException {
        String url = "http://example.org" + path;
        return new LinkCandidate(url, HttpUrl.parse(url), 1, null);
    }
}
