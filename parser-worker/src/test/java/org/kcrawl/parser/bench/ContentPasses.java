package org.kcrawl.parser.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.kafka.RecordSizeCap;
import org.kcrawl.parser.record.RecordBuilder;

/**
 * What a page costs the parser in each content mode, as the thread CPU of whole passes over one of
 * {@link ContentBenchmark}'s corpora, the modes taken in turn within each pass; prints the minimum, first
 * quartile and median of the passes. Where JMH's throughput on a shared machine wanders with the other
 * processes, the minimum of a thread's own CPU over many passes is steady enough to tell two builds apart:
 * run it for each, alternately, with {@code ./crawl}'s JVM settings:
 * <pre>{@code
 * java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m -cp <parser-worker test class path> \
 *     org.kcrawl.parser.bench.ContentPasses javadoc none,main 15
 * }</pre>
 * A mode with {@code +record} ({@code none+record}, {@code main+record}) also builds each page's record and
 * encodes it as the parser publishes it ({@link RecordSizeCap}): a parse thread's whole work on a page but
 * its links' scope and dedup.
 */
public final class ContentPasses {
    private static final int WARM_UP_PASSES = 3;
    private static final String RECORD = "+record";

    private ContentPasses() {}

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: ContentPasses CORPUS MODE[,MODE...] PASSES   (corpus: bench, javadoc, ...;"
                    + " modes: none, main, main+markdown, each with +record)");
            System.exit(2);
        }
        List<FetchedPage> corpus = ContentBenchmark.corpus(args[0]);
        String[] modes = args[1].split(",");
        int passes = Integer.parseInt(args[2]);
        PageParser[] parsers = Arrays.stream(modes).map(m -> ContentBenchmark.parser(m.replace(RECORD, "")))
                .toArray(PageParser[]::new);
        RecordSizeCap cap = new RecordSizeCap(RecordSizeCap.DEFAULT_MAX_BYTES);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] msPerPage = new double[modes.length][passes];
        long checksum = 0;
        for (int pass = -WARM_UP_PASSES; pass < passes; pass++) {
            for (int m = 0; m < modes.length; m++) {
                long before = threads.getCurrentThreadCpuTime();
                boolean record = modes[m].endsWith(RECORD);
                for (FetchedPage page : corpus) {
                    ParsedPage parsed = parsers[m].parse(page);
                    checksum += record ? cap.encode(RecordBuilder.build(page, parsed)).length : parsed.links().size();
                }
                long spent = threads.getCurrentThreadCpuTime() - before;
                if (pass >= 0) {
                    msPerPage[m][pass] = spent / 1e6 / corpus.size();
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s, %d pages, %d passes (checksum %d)%n", args[0], corpus.size(), passes,
                checksum);
        for (int m = 0; m < modes.length; m++) {
            double[] sorted = msPerPage[m].clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "  %-14s CPU-ms a page: min %.3f  p25 %.3f  median %.3f%n", modes[m],
                    sorted[0], sorted[passes / 4], sorted[passes / 2]);
        }
    }
}
