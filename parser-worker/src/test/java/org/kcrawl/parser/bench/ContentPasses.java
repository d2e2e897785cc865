package org.kcrawl.parser.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.html.PageParser;

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
 */
public final class ContentPasses {
    private static final int WARM_UP_PASSES = 3;

    private ContentPasses() {}

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: ContentPasses CORPUS MODE[,MODE...] PASSES   (corpus: bench, javadoc, ...;"
                    + " modes: none, main, main+markdown)");
            System.exit(2);
        }
        List<FetchedPage> corpus = ContentBenchmark.corpus(args[0]);
        String[] modes = args[1].split(",");
        int passes = Integer.parseInt(args[2]);
        PageParser[] parsers = Arrays.stream(modes).map(ContentBenchmark::parser).toArray(PageParser[]::new);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] msPerPage = new double[modes.length][passes];
        long checksum = 0;
        for (int pass = -WARM_UP_PASSES; pass < passes; pass++) {
            for (int m = 0; m < modes.length; m++) {
                long before = threads.getCurrentThreadCpuTime();
                for (FetchedPage page : corpus) {
                    checksum += parsers[m].parse(page).links().size();
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
