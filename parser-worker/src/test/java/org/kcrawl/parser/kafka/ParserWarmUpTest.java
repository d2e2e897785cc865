package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.kcrawl.parser.ParserConfig;

class ParserWarmUpTest {
    /**
     * The warm-up must take the path a real page takes, links followed and all: a made-up page whose links
     * the default scope refused, or whose parse failed into a metadata-only record, would warm little of it.
     */
    @Test
    void eachMadeUpPageIsParsedAndHasItsLinksFollowedAsARealPageWould() throws Exception {
        int pages = 3;
        int outputs = ParserWarmUp.warm(ParserConfig.defaults(), pages);
        assertThat(outputs).as("records and followed links of %d pages", pages).isGreaterThan(pages * 100);
    }
}
