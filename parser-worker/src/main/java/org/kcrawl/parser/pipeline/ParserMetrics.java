package org.kcrawl.parser.pipeline;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.parser.html.DetectedCharset;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.common.scope.RejectReason;

/**
 * The parser's page, link and record meters, documented with the others in
 * {@link MeterCatalogue}. Names are dotted lower case; tags take only bounded values (never a URL or
 * a host). The worker adds the gauges {@code crawl.parse.pending} and {@code crawl.parse.queue.size}
 * and the function counter {@code crawl.parse.dead.letters}.
 */
public final class ParserMetrics {
    /** Histogram range: from a tiny page to well past the default parse time budget. */
    private static final Duration HISTOGRAM_MIN = Duration.ofMillis(1);
    private static final Duration HISTOGRAM_MAX = Duration.ofSeconds(10);

    private final Map<ParsedPage.Kind, Counter> pages = new EnumMap<>(ParsedPage.Kind.class);
    private final Map<DetectedCharset.Source, Counter> charsets = new EnumMap<>(DetectedCharset.Source.class);
    private final Map<RejectReason, Counter> rejected = new EnumMap<>(RejectReason.class);
    private final Timer duration;
    private final Counter budgetExceeded;
    private final Counter linksFound;
    private final Counter linksPublished;
    private final Counter linksSuppressed;
    private final Counter recordsPublished;
    private final Counter routedToRender;

    /** Registers every meter in {@code registry} up front, so each reason shows as 0 before it happens. */
    public ParserMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        for (ParsedPage.Kind k : ParsedPage.Kind.values()) {
            pages.put(k, Meters.counter(MeterCatalogue.PARSE_PAGES).tag("kind", tag(k.name())).register(registry));
        }
        for (DetectedCharset.Source s : DetectedCharset.Source.values()) {
            charsets.put(s, Meters.counter(MeterCatalogue.PARSE_CHARSET).tag("source", s.tag()).register(registry));
        }
        for (RejectReason r : RejectReason.values()) {
            rejected.put(r, Meters.counter(MeterCatalogue.PARSE_LINKS_REJECTED).tag("reason", r.tag())
                    .register(registry));
        }
        duration = Meters.timer(MeterCatalogue.PARSE_DURATION)
                .minimumExpectedValue(HISTOGRAM_MIN)
                .maximumExpectedValue(HISTOGRAM_MAX)
                .register(registry);
        budgetExceeded = Meters.counter(MeterCatalogue.PARSE_BUDGET_EXCEEDED).register(registry);
        linksFound = Meters.counter(MeterCatalogue.PARSE_LINKS_FOUND).register(registry);
        linksPublished = Meters.counter(MeterCatalogue.PARSE_LINKS_PUBLISHED).register(registry);
        linksSuppressed = Meters.counter(MeterCatalogue.PARSE_LINKS_SUPPRESSED).register(registry);
        recordsPublished = Meters.counter(MeterCatalogue.PARSE_RECORDS_PUBLISHED).register(registry);
        routedToRender = Meters.counter(MeterCatalogue.PARSE_RENDER_ROUTED).register(registry);
    }

    /** Counts one page sent to the render workers instead of being recorded ({@code render_auto}). */
    public void routedToRender() {
        routedToRender.increment();
    }

    /** Counts one processed page and what its parse found. */
    public void processed(ParsedPage parsed, Map<RejectReason, Integer> rejections, Duration took) {
        pages.get(parsed.kind()).increment();
        duration.record(took);
        if (parsed.budgetExceeded()) {
            budgetExceeded.increment();
        }
        if (parsed.charsetSource() != null) {
            charsets.get(parsed.charsetSource()).increment();
        }
        linksFound.increment(parsed.links().size());
        rejections.forEach((reason, n) -> rejected.get(reason).increment(n));
    }

    /**
     * Counts the outputs of one page once the broker has acknowledged them all: {@code links} links
     * (a meta refresh's target among them), and its record unless it ended as a failure.
     */
    public void published(int links, boolean record) {
        linksPublished.increment(links);
        if (record) {
            recordsPublished.increment();
        }
    }

    /** Counts {@code links} of one page not sent because this parser had already published them. */
    public void suppressed(int links) {
        if (links > 0) {
            linksSuppressed.increment(links);
        }
    }

    /** Links not sent because this parser had already published them. */
    public long linksSuppressed() {
        return (long) linksSuppressed.count();
    }

    /** Pages processed, all kinds together. */
    public long pagesParsed() {
        long n = 0;
        for (Counter c : pages.values()) {
            n += (long) c.count();
        }
        return n;
    }

    /** Pages processed of one kind. */
    public long pages(ParsedPage.Kind kind) {
        return (long) pages.get(kind).count();
    }

    /** Records acknowledged by the broker. */
    public long recordsPublished() {
        return (long) recordsPublished.count();
    }

    /** Links acknowledged by the broker. */
    public long linksPublished() {
        return (long) linksPublished.count();
    }

    /** Distinct usable links found. */
    public long linksFound() {
        return (long) linksFound.count();
    }

    /** Links rejected for {@code reason}. */
    public long linksRejected(RejectReason reason) {
        return (long) rejected.get(reason).count();
    }

    /** Links rejected, by reason (every reason present). */
    public Map<RejectReason, Long> linksRejected() {
        Map<RejectReason, Long> out = new EnumMap<>(RejectReason.class);
        rejected.forEach((r, c) -> out.put(r, (long) c.count()));
        return out;
    }

    private static String tag(String enumName) {
        return enumName.toLowerCase(java.util.Locale.ROOT);
    }
}
