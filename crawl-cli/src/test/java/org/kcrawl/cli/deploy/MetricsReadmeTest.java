package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.metrics.CatalogueMarkdown;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.fetcher.crawl.SkipReason;
import org.kcrawl.http.politeness.HeldBy;
import org.kcrawl.http.robots.HostRobots;
import org.kcrawl.parser.html.DetectedCharset;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.common.scope.RejectReason;

/** The metrics page's table (docs/metrics.md) is the catalogue's, and the catalogue's tag values are the code's. */
class MetricsReadmeTest {
    /** The page that holds the meter catalogue's table. */
    private static final String PAGE = "docs/metrics.md";

    @Test
    void theMetricsPageTableIsGeneratedFromTheCatalogue() {
        String page = Repo.text(PAGE).replace("\r\n", "\n");
        int begin = page.indexOf(CatalogueMarkdown.BEGIN);
        int end = page.indexOf(CatalogueMarkdown.END);
        assertThat(begin).as("%s has the meters markers", PAGE).isNotNegative();
        assertThat(end).as("%s has the meters end marker after the begin marker", PAGE).isGreaterThan(begin);
        String inPage = page.substring(begin, end + CatalogueMarkdown.END.length()) + "\n";
        assertThat(inPage).as("%s's metrics table is stale; replace it with:%n%s", PAGE, CatalogueMarkdown.render())
                .isEqualTo(CatalogueMarkdown.render());
    }

    @Test
    void documentedTagValuesAreTheEnumsTheWorkersTagWith() {
        assertThat(tagValues(MeterCatalogue.FETCH_ROBOTS, "result")).isEqualTo(lower(HostRobots.Kind.values()));
        assertThat(MeterCatalogue.FETCH_SKIP_REASONS).isEqualTo(
                Arrays.stream(SkipReason.values()).map(SkipReason::tag).toList());
        assertThat(tagValues(MeterCatalogue.FETCH_HOSTS_HELD, "cap")).isEqualTo(
                Arrays.stream(HeldBy.values()).map(HeldBy::tag).toList());
        assertThat(tagValues(MeterCatalogue.PARSE_PAGES, "kind")).isEqualTo(lower(ParsedPage.Kind.values()));
        assertThat(tagValues(MeterCatalogue.PARSE_CHARSET, "source")).isEqualTo(
                Arrays.stream(DetectedCharset.Source.values()).map(DetectedCharset.Source::tag).toList());
        assertThat(tagValues(MeterCatalogue.PARSE_LINKS_REJECTED, "reason")).isEqualTo(
                Arrays.stream(RejectReason.values()).map(RejectReason::tag).toList());
    }

    private static List<String> tagValues(String meter, String tag) {
        MeterSpec spec = MeterCatalogue.find(meter).orElseThrow();
        return spec.tags().get(tag);
    }

    private static List<String> lower(Enum<?>[] values) {
        return Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT)).toList();
    }
}
