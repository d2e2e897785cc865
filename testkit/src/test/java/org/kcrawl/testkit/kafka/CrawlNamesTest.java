package org.kcrawl.testkit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.topic.CrawlTopics;

class CrawlNamesTest {
    private final CrawlNames names = new CrawlNames("run1");

    @Test
    void namesAreUniqueAndKeepThePrefix() {
        Set<String> seen = new HashSet<>();
        IntStream.range(0, 1000).forEach(i -> assertThat(seen.add(names.next("fetcher"))).isTrue());

        assertThat(seen).allMatch(n -> n.startsWith("fetcher-run1-"));
    }

    @Test
    void illegalCharactersBecomeDashes() {
        // '_' and '.' would let Kafka see colliding metric names between topics of different tests.
        assertThat(names.next("My Test_case.v2/ü")).isEqualTo("My-Test-case-v2---run1-1");
    }

    @Test
    void everyNameMakesLegalTopics() {
        String longPrefix = "x".repeat(500);

        String name = names.next(longPrefix);

        assertThat(name).hasSizeLessThanOrEqualTo(CrawlNames.MAX_PREFIX_LENGTH + 20);
        assertThat(new CrawlTopics(name).all()).allMatch(t -> t.length() <= 249);
        assertThat(names.next("")).isEqualTo("crawl-run1-2");
    }

    @Test
    void differentRunsGiveDifferentNames() {
        assertThat(CrawlNames.random().next("t")).isNotEqualTo(CrawlNames.random().next("t"));
    }

    @Test
    void rejectsNullPrefixAndBadRunTokens() {
        assertThatThrownBy(() -> names.next(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("prefix");
        assertThatThrownBy(() -> new CrawlNames("A.B")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("runToken");
    }
}
