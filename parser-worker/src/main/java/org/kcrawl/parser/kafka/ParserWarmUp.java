package org.kcrawl.parser.kafka;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.pipeline.PageOutputs;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a page's whole path through the parser (the page message decoded, parsed, its links judged, its
 * outputs encoded) over made-up pages on a thread of its own while the worker joins its group. A crawl's
 * first pages are its slowest hops otherwise: each waits for the parser to interpret cold code (a first
 * 56 KB page took 32 ms to parse and 17 ms to encode, then a millisecond or two), and every page behind
 * it waits too, since links are what the crawl's next requests are made of.
 *
 * <p>Nothing it does is seen outside: its processor has its own sites, metrics and link memory, and its
 * outputs are encoded and dropped. It costs one core about {@link #PAGES} pages' parse, once per start.
 */
final class ParserWarmUp implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(ParserWarmUp.class);

    /** Pages parsed: enough for the compiler to have compiled the hot paths of each stage. */
    static final int PAGES = 40;

    private final ParserConfig config;

    private ParserWarmUp(ParserConfig config) {
        this.config = config;
    }

    /** Starts warming the parser of {@code config} up on a daemon thread named {@code threadName}. */
    static Thread start(ParserConfig config, String threadName) {
        Thread thread = new Thread(new ParserWarmUp(config), threadName);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run() {
        long started = System.nanoTime();
        try {
            int outputs = warm(config, PAGES);
            log.debug("warmed the parser up on {} made-up pages ({} outputs) in {} ms", PAGES, outputs,
                    (System.nanoTime() - started) / 1_000_000);
        } catch (RuntimeException | MalformedMessageException e) {
            // A made-up page the parser cannot take is a parser bug; real pages are still parsed (cold).
            log.warn("warming the parser up failed; its first pages are parsed on cold code", e);
        }
    }

    /**
     * Runs {@code pages} made-up pages through the path of {@code config}'s parser; returns how many records
     * their outputs made (links followed, records).
     */
    static int warm(ParserConfig config, int pages) throws MalformedMessageException {
        PageProcessor processor = ParserWorker.processor(config, new ParserMetrics(new SimpleMeterRegistry()),
                CrawlSites.of(List.of(WarmUpPages.SITE)));
        OutputRecords records = new OutputRecords(config.topics());
        MessageCodec codec = MessageCodec.get();
        int encoded = 0;
        for (int i = 0; i < pages; i++) {
            String url = WarmUpPages.url(i);
            FetchedPage page = new FetchedPage(SchemaVersions.PAGE, url, url, 200,
                    Map.of("content-type", "text/html; charset=utf-8"), "text/html; charset=utf-8",
                    WarmUpPages.html(i).getBytes(StandardCharsets.UTF_8), Instant.now(), 100, 1, false, null);
            FetchedPage decoded = codec.decode(codec.encode(page), FetchedPage.class);
            PageOutputs outputs = processor.process(decoded);
            encoded += records.of(outputs).size();
        }
        return encoded;
    }
}
