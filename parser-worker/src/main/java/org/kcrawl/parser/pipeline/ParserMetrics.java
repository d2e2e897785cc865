package org.kcrawl.parser.pipeline;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.kcrawl.parser.html.DetectedCharset;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.scope.RejectReason;

/**
 * The parser's meters. Names are dotted lower case; tags take only bounded values (never a URL or a
 * host).
 *
 * <table>
 *   <caption>Meter catalogue</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th><th>meaning</th></tr>
 *   <tr><td>crawl.parse.pages</td><td>counter</td><td>kind: html, non_html, redirect, failed</td>
 *       <td>pages processed (failed: parsing threw, a metadata-only record was written)</td></tr>
 *   <tr><td>crawl.parse.duration</td><td>timer</td><td></td><td>parse and scope time per page</td></tr>
 *   <tr><td>crawl.parse.budget.exceeded</td><td>counter</td><td></td>
 *       <td>pages whose parse the time budget cut short</td></tr>
 *   <tr><td>crawl.parse.charset</td><td>counter</td><td>source: bom, header, meta, xml_declaration,
 *       sniffed_utf8, fallback</td><td>how HTML bodies' character sets were chosen</td></tr>
 *   <tr><td>crawl.parse.links.found</td><td>counter</td><td></td><td>distinct usable links found</td></tr>
 *   <tr><td>crawl.parse.links.rejected</td><td>counter</td><td>reason: see {@link RejectReason#tag()}</td>
 *       <td>links not published, by reason</td></tr>
 *   <tr><td>crawl.parse.links.published</td><td>counter</td><td></td>
 *       <td>links acknowledged by the broker on the urls topic</td></tr>
 *   <tr><td>crawl.parse.records.published</td><td>counter</td><td></td>
 *       <td>records acknowledged by the broker on the records topic</td></tr>
 * </table>
 *
 * <p>The worker adds gauges {@code crawl.parse.pending} (pages in flight) and
 * {@code crawl.parse.queue.size} (pages waiting for a parse thread), and the function counter
 * {@code crawl.parse.dead.letters}.
 */
public final class ParserMetrics {
    private final Map<ParsedPage.Kind, Counter> pages = new EnumMap<>(ParsedPage.Kind.class);
    private final Map<DetectedCharset.Source, Counter> charsets = new EnumMap<>(DetectedCharset.Source.class);
    private final Map<RejectReason, Counter> rejected = new EnumMap<>(RejectReason.class);
    private final Timer duration;
    private final Counter budgetExceeded;
    private final Counter linksFound;
    private final Counter linksPublished;
    private final Counter recordsPublished;

    /** Registers every meter in {@code registry} up front, so each reason shows as 0 before it happens. */
    public ParserMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        for (ParsedPage.Kind k : ParsedPage.Kind.values()) {
            pages.put(k, Counter.builder("crawl.parse.pages").tag("kind", tag(k.name()))
                    .description("pages processed, by how they were treated").register(registry));
        }
        for (DetectedCharset.Source s : DetectedCharset.Source.values()) {
            charsets.put(s, Counter.builder("crawl.parse.charset").tag("source", s.tag())
                    .description("how HTML bodies' character sets were chosen").register(registry));
        }
        for (RejectReason r : RejectReason.values()) {
            rejected.put(r, Counter.builder("crawl.parse.links.rejected").tag("reason", r.tag())
                    .description("links not published, by reason").register(registry));
        }
        duration = Timer.builder("crawl.parse.duration").description("parse and scope time per page")
                .register(registry);
        budgetExceeded = Counter.builder("crawl.parse.budget.exceeded")
                .description("pages whose parse the time budget cut short").register(registry);
        linksFound = Counter.builder("crawl.parse.links.found").description("distinct usable links found")
                .register(registry);
        linksPublished = Counter.builder("crawl.parse.links.published")
                .description("links acknowledged on the urls topic").register(registry);
        recordsPublished = Counter.builder("crawl.parse.records.published")
                .description("records acknowledged on the records topic").register(registry);
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

    /** Counts the outputs of one page once the broker has acknowledged them all. */
    public void published(int links) {
        linksPublished.increment(links);
        recordsPublished.increment();
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
