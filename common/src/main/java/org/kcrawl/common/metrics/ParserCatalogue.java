package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.CatalogueRows.meter;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_BUDGET_EXCEEDED;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_CHARSET;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_DEAD_LETTERS;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_DURATION;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_LINKS_FOUND;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_LINKS_PUBLISHED;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_LINKS_REJECTED;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_LINKS_SUPPRESSED;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_PAGES;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_PENDING;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_PENDING_BYTES;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_QUEUE_SIZE;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_RECORDS_PUBLISHED;
import static org.kcrawl.common.metrics.MeterCatalogue.PARSE_RENDER_ROUTED;
import static org.kcrawl.common.metrics.MeterSpec.Kind.COUNTER;
import static org.kcrawl.common.metrics.MeterSpec.Kind.GAUGE;
import static org.kcrawl.common.metrics.MeterSpec.Kind.TIMER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.PARSER;

import java.util.List;

/**
 * The parser's rows of the {@link MeterCatalogue}: pages, links, records and its pending work.
 * Package-private: the catalogue is the one table; a part only keeps a worker's rows in a file of their own
 * (issue 34), in the order the table lists them.
 */
final class ParserCatalogue {
    private ParserCatalogue() {}

    /** The parser's meters, in table order. */
    static List<MeterSpec> meters() {
        return List.of(
                meter(PARSE_PAGES, COUNTER, null, PARSER, "pages processed, by how they were treated (pdf: a PDF read for"
                                + " its text and links; not_modified: a recrawl's 304, recorded without a parse)",
                        "kind", List.of("html", "non_html", "pdf", "sitemap", "redirect", "failed", "not_modified")),
                meter(PARSE_DURATION, TIMER, null, PARSER, "parse and scope time per page"),
                meter(PARSE_BUDGET_EXCEEDED, COUNTER, null, PARSER, "pages whose parse the time budget cut short"),
                meter(PARSE_CHARSET, COUNTER, null, PARSER, "how HTML bodies' character sets were chosen",
                        "source", List.of("bom", "header", "meta", "xml_declaration", "sniffed_utf8", "fallback")),
                meter(PARSE_LINKS_FOUND, COUNTER, null, PARSER, "distinct usable links found on pages"),
                meter(PARSE_LINKS_REJECTED, COUNTER, null, PARSER, "links not published, by the rule that refused them",
                        "reason", List.of("nofollow", "error_status", "scheme", "invalid_url", "url_too_long",
                                "out_of_scope", "max_depth", "repeated_segments", "denied", "not_allowed",
                                "max_outlinks", "filter_error", "refresh")),
                meter(PARSE_LINKS_SUPPRESSED, COUNTER, "links", PARSER,
                        "links a parser did not publish again because it had already published them and the broker"
                                + " acknowledged them; the fetcher's seen-set stays the authority"),
                meter(PARSE_LINKS_PUBLISHED, COUNTER, null, PARSER, "links acknowledged by the broker on the urls topic"),
                meter(PARSE_RECORDS_PUBLISHED, COUNTER, null, PARSER,
                        "records acknowledged by the broker on the records topic"),
                meter(PARSE_PENDING, GAUGE, null, PARSER, "pages consumed whose outputs are not all acknowledged yet"),
                meter(PARSE_PENDING_BYTES, GAUGE, "bytes", PARSER,
                        "bytes of the pages consumed whose outputs are not all acknowledged yet (bounded by max_pending_bytes)"),
                meter(PARSE_QUEUE_SIZE, GAUGE, null, PARSER, "pages waiting for a parse thread"),
                meter(PARSE_RENDER_ROUTED, COUNTER, null, PARSER,
                        "fetched pages that looked built by their scripts (little text, an empty script-mounted root),"
                                + " sent to the render workers instead of being recorded (render_auto)"),
                meter(PARSE_DEAD_LETTERS, COUNTER, null, PARSER, "pages sent to the dead-letter topic: undecodable, or whose processing failed"));
    }
}
