package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RobotsDirectivesTest {
    @ParameterizedTest(name = "''{0}'' -> noindex={1} nofollow={2}")
    @CsvSource(delimiter = '|', value = {
            "noindex|true|false",
            "NOFOLLOW|false|true",
            "noindex, nofollow|true|true",
            " none |true|true",
            "all|false|false",
            "index,follow|false|false",
            "noarchive, nosnippet|false|false",
            "googlebot: noindex|false|false",
            "otherbot: nofollow, noindex|true|false",
            "unavailable_after: 25 Jun 2010 15:00:00 PST|false|false",
            "''|false|false",
    })
    void parses(String value, boolean noindex, boolean nofollow) {
        assertThat(RobotsDirectives.parse(value)).isEqualTo(new RobotsDirectives(noindex, nofollow));
    }

    @org.junit.jupiter.api.Test
    void combinesSourcesSoThatEitherRestrictionHolds() {
        assertThat(RobotsDirectives.parse("noindex").and(RobotsDirectives.parse("nofollow")))
                .isEqualTo(new RobotsDirectives(true, true));
        assertThat(RobotsDirectives.parse(null)).isEqualTo(RobotsDirectives.NONE);
    }
}
