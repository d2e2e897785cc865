package org.kcrawl.parser.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentMode;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.content.hash.ContentHashes;
import org.kcrawl.parser.html.CharsetDetector;
import org.kcrawl.parser.html.FieldExtractor;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParseLimits;
import org.kcrawl.parser.html.ParsedPage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * What content extraction costs a page (issue 36): {@link PageParser} (decode, digest, links, and the
 * {@link ContentExtractor} fed by the digest) with content {@code none}, {@code main} and
 * {@code main+markdown} (the {@code content} parameter), on the same pages in the same run, so each mode
 * reads against {@code none} as its baseline; and {@code hashes}: {@link ContentHashes} alone of each page's
 * main text (the {@code text_hash} and {@code simhash} part of {@code main}).
 *
 * <p>The pages (the {@code corpus} parameter):
 * <ul>
 * <li>{@code bench}: {@link BenchCorpus}, twelve pages of the shapes a general crawl meets (news, product,
 *     category, forum, documentation, a big table, a landing page, broken markup, search results);
 * <li>{@code javadoc}: real pages of the JDK 17 API documentation from Debian's {@code openjdk-17-doc}
 *     ({@value #JAVADOC_ROOT}), every n-th file of the sorted tree so that at most {@value #SAMPLE} are
 *     read: the mix a crawl of the whole tree meets (class pages, class-use pages, package and module
 *     summaries, trees, the index pages);
 * <li>by shape, on request ({@code -p corpus=javadoc-class,...}): {@code javadoc-class} (class and
 *     interface pages), {@code javadoc-use} (class-use pages), {@code javadoc-summary} (package and module
 *     summaries, trees and uses), {@code javadoc-index} (the index-files pages and the all-classes and
 *     all-packages indexes: large, mostly links), {@code javadoc-util} (the files of {@code java.util});
 *     and any single page of {@link BenchCorpus} by its name ({@code news-short}, {@code table}, ...);
 * <li>{@code dir:PATH}: the HTML files under a directory, sampled as the Javadoc tree is, for example the
 *     generated site of {@code bench/run.sh}'s docs scenario ({@code bench/docs_site.py --work-dir D} writes
 *     it under {@code D/docs-site-n10000-s1-v2/site}).
 * </ul>
 * When the Javadoc tree is absent, {@link ParserBenchmarkMain} runs the {@code bench} corpus alone and
 * says so; naming a Javadoc corpus then fails its trial with the same message.
 *
 * <p>One operation is one page, the pages taken in turn, so the score is pages per second and
 * {@link ParserBenchmarkMain} adds pages per CPU-second and, for this class, CPU-ms per page of each mode
 * beside {@code none}. The fork runs with the JVM settings of {@code ./crawl} (the JIT's first tier only,
 * the serial collector, a 256 MiB heap), since that is where the budget (at most 0.4 CPU-ms a page
 * over {@code none}) applies; {@code -jvmArgsAppend} on the command line replaces them (for example
 * {@code -jvmArgsAppend -XX:TieredStopAtLevel=4} for the second tier). Run it as {@code bench/harness.py} runs
 * the parser's benchmark, naming it:
 * <pre>{@code
 * ./mvnw -o -q -B -pl parser-worker -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
 *     -Dmdep.outputFile=/tmp/parser-test.classpath
 * java -cp parser-worker/target/test-classes:parser-worker/target/classes:$(cat /tmp/parser-test.classpath) \
 *     org.kcrawl.parser.bench.ParserBenchmarkMain ContentBenchmark
 * }</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m"})
public class ContentBenchmark {
    /** Where Debian's openjdk-17-doc puts the JDK 17 API documentation. */
    public static final String JAVADOC_ROOT = "/usr/share/doc/openjdk-17-doc/api";
    /** The most Javadoc pages a corpus reads. */
    static final int SAMPLE = 400;
    /** The origin the Javadoc pages are given, as if nginx served them (as in the crawl measurement). */
    static final String JAVADOC_ORIGIN = "http://127.0.0.1:8082/";
    /** The modes measured, {@code none} first: the baseline of the others. */
    static final List<String> MODES = List.of("none", "main", "main+markdown");

    /** The pages of one corpus, and their main texts (for {@code hashes}). */
    @State(Scope.Benchmark)
    public static class Pages {
        @Param({"bench", "javadoc"})
        public String corpus;

        FetchedPage[] pages;
        String[] texts;

        @Setup
        public void setUp() {
            pages = corpus(corpus).toArray(FetchedPage[]::new);
            PageParser main = parser("main");
            texts = Stream.of(pages).map(p -> main.parse(p).content().text()).filter(t -> t != null)
                    .toArray(String[]::new);
            long bytes = Stream.of(pages).mapToLong(p -> p.body().length).sum();
            System.out.printf(Locale.ROOT, "%ncorpus %s: %d pages, mean %.1f KB, %d with a main text (mean %.1f K chars)%n",
                    corpus, pages.length, bytes / 1e3 / pages.length, texts.length,
                    Stream.of(texts).mapToInt(String::length).average().orElse(0) / 1e3);
        }
    }

    /** The parser of one content mode. */
    @State(Scope.Benchmark)
    public static class Parser {
        @Param({"none", "main", "main+markdown"})
        public String content;

        PageParser parser;
        FetchedPage[] pages;

        /**
         * The parser, and the corpus's pages it parses without an exception: a page on which this mode's
         * extractor throws (the worker then writes a metadata-only record) is left out of this mode's pages,
         * with a message, rather than failing the trial.
         */
        @Setup
        public void setUp(Pages corpus) {
            parser = parser(content);
            List<FetchedPage> kept = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (FetchedPage page : corpus.pages) {
                try {
                    parser.parse(page);
                    kept.add(page);
                } catch (RuntimeException e) {
                    failed.add(page.finalUrl() + " (" + e + ")");
                }
            }
            if (!failed.isEmpty()) {
                System.out.printf(Locale.ROOT, "%ncontent %s on corpus %s: %d of %d pages throw and are left out: %s%n",
                        content, corpus.corpus, failed.size(), corpus.pages.length, failed);
            }
            pages = kept.toArray(FetchedPage[]::new);
        }
    }

    /** Which page comes next, per thread. */
    @State(Scope.Thread)
    public static class Cursor {
        int next;

        int next(int size) {
            int i = next;
            next = i + 1 == size ? 0 : i + 1;
            return i;
        }
    }

    @Benchmark
    public ParsedPage parse(Parser parser, Cursor cursor) {
        return parser.parser.parse(parser.pages[cursor.next(parser.pages.length)]);
    }

    @Benchmark
    public ContentHashes hashes(Pages pages, Cursor cursor) {
        return ContentHashes.of(pages.texts[cursor.next(pages.texts.length)]);
    }

    /** A parser as the worker builds it, with the content mode {@code content} (one of {@link #MODES}). */
    static PageParser parser(String content) {
        ContentOptions options = switch (content) {
            case "none" -> new ContentOptions(ContentMode.NONE, false, 200_000);
            case "main" -> ContentOptions.DEFAULTS;
            case "main+markdown" -> new ContentOptions(ContentMode.MAIN, true, 200_000);
            case "full" -> new ContentOptions(ContentMode.FULL, false, 200_000);
            default -> throw new IllegalArgumentException("content is one of " + MODES + " or full, not " + content);
        };
        return new PageParser(UrlNormalizer.defaults(), CharsetDetector.defaults(), ParseLimits.defaults(),
                FieldExtractor.NONE, new ContentExtractor(options), System::nanoTime);
    }

    /** The pages of the corpus named {@code name} (see the class comment). */
    static List<FetchedPage> corpus(String name) {
        if (name.equals("bench")) {
            return BenchCorpus.pages().stream().map(CorpusPage::fetched).toList();
        }
        if (name.startsWith("javadoc")) {
            if (!javadocPresent()) {
                throw new IllegalStateException(javadocAbsent());
            }
            return htmlFiles(Paths.get(JAVADOC_ROOT), javadocShape(name));
        }
        if (name.startsWith("dir:")) {
            return htmlFiles(Paths.get(name.substring("dir:".length())), p -> true);
        }
        List<FetchedPage> one = BenchCorpus.pages().stream().filter(p -> p.name().equals(name))
                .map(CorpusPage::fetched).toList();
        if (one.isEmpty()) {
            throw new IllegalArgumentException("no corpus " + name + ": bench, javadoc, javadoc-class, javadoc-use, "
                    + "javadoc-summary, javadoc-index, javadoc-util, or a page of BenchCorpus by name");
        }
        return one;
    }

    /** True when the JDK 17 API documentation is installed where Debian puts it. */
    public static boolean javadocPresent() {
        return Files.isRegularFile(Paths.get(JAVADOC_ROOT, "index.html"));
    }

    /** The message for a run without the Javadoc pages. */
    public static String javadocAbsent() {
        return "the JDK 17 API documentation is not at " + JAVADOC_ROOT + " (apt-get install openjdk-17-doc): "
                + "the Javadoc pages are skipped, the benchmark corpus runs alone";
    }

    private static Predicate<String> javadocShape(String name) {
        return switch (name) {
            case "javadoc" -> p -> true;
            case "javadoc-class" -> p -> !p.contains("/class-use/") && Character.isUpperCase(fileName(p).charAt(0));
            case "javadoc-use" -> p -> p.contains("/class-use/");
            case "javadoc-summary" -> p -> fileName(p).matches("(package|module)-(summary|tree|use)\\.html");
            case "javadoc-index" -> p -> p.startsWith("index-files/") || fileName(p).matches("all.*-index\\.html")
                    || fileName(p).equals("overview-tree.html");
            case "javadoc-util" -> p -> p.startsWith("java.base/java/util/") && p.indexOf('/', 20) < 0;
            default -> throw new IllegalArgumentException("no Javadoc corpus " + name);
        };
    }

    /** Every n-th HTML file under {@code dir} whose relative path passes {@code shape}, at most {@value #SAMPLE}. */
    private static List<FetchedPage> htmlFiles(Path dir, Predicate<String> shape) {
        try {
            Path root = dir.toRealPath();
            List<String> all;
            try (Stream<Path> files = Files.walk(root)) {
                all = files.filter(f -> f.toString().endsWith(".html") && Files.isRegularFile(f))
                        .map(f -> root.relativize(f).toString()).filter(shape).sorted().toList();
            }
            int stride = Math.max(1, (all.size() + SAMPLE - 1) / SAMPLE);
            List<FetchedPage> pages = new ArrayList<>();
            for (int i = 0; i < all.size(); i += stride) {
                String path = all.get(i);
                pages.add(new CorpusPage(path, JAVADOC_ORIGIN + path, "text/html; charset=utf-8",
                        Files.readAllBytes(root.resolve(path))).fetched());
            }
            if (pages.isEmpty()) {
                throw new IllegalStateException("no page of the corpus under " + root);
            }
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * Prints, for each corpus of {@code results} from this class, CPU-ms per page of each mode and what it adds
     * over {@code none} (pages per CPU-second of the whole JVM: the benchmark thread, the collector and the
     * compiler), and the hashes' CPU-ms per page. Nothing when no result is this class's.
     */
    static void report(Collection<RunResult> results) {
        Map<String, Map<String, double[]>> byCorpus = new TreeMap<>();
        for (RunResult r : results) {
            String benchmark = r.getParams().getBenchmark();
            if (!benchmark.startsWith(ContentBenchmark.class.getName() + ".")) {
                continue;
            }
            String corpus = r.getParams().getParam("corpus");
            String mode = benchmark.endsWith(".hashes") ? "hashes" : r.getParams().getParam("content");
            Result<?> cpu = r.getSecondaryResults().get(ProcessCpuProfiler.RESULT);
            double pagesPerSecond = r.getPrimaryResult().getScore();
            double cpus = cpu == null ? Double.NaN : cpu.getScore();
            byCorpus.computeIfAbsent(corpus, c -> new TreeMap<>()).put(mode,
                    new double[] {pagesPerSecond, cpus, 1000.0 * cpus / pagesPerSecond, 1000.0 / pagesPerSecond});
        }
        if (byCorpus.isEmpty()) {
            return;
        }
        System.out.println();
        System.out.println("Content extraction, one thread (CPU-ms per page: the JVM's CPU, all threads, per page; "
                + "wall-ms per page: one over pages/s)");
        System.out.printf(Locale.ROOT, "  %-16s %-14s %10s %6s %12s %12s %14s %10s%n", "corpus", "content", "pages/s",
                "CPUs", "wall-ms/page", "CPU-ms/page", "CPU-ms vs none", "x none");
        byCorpus.forEach((corpus, modes) -> {
            double[] none = modes.get("none");
            List<String> order = new ArrayList<>(MODES);
            modes.keySet().stream().filter(m -> !order.contains(m)).forEach(order::add);
            for (String mode : order) {
                double[] s = modes.get(mode);
                if (s == null) {
                    continue;
                }
                boolean compared = none != null && !mode.equals("none") && !mode.equals("hashes");
                System.out.printf(Locale.ROOT, "  %-16s %-14s %10.1f %6.2f %12.3f %12.3f %14s %10s%n", corpus, mode,
                        s[0], s[1], s[3], s[2],
                        compared ? String.format(Locale.ROOT, "%+.3f", s[2] - none[2]) : "",
                        compared ? String.format(Locale.ROOT, "%.2f", s[2] / none[2]) : "");
            }
        });
    }
}
