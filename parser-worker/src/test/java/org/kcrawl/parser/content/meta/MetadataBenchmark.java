package org.kcrawl.parser.content.meta;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jsoup.nodes.Document;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.bench.BenchCorpus;
import org.kcrawl.parser.bench.CorpusPage;
import org.kcrawl.parser.html.PageParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What {@link MetadataCollector} costs per page on the fixtures' facts (read beforehand, so only the
 * collector is timed, as the page reader hands them over), in pages per second (and per CPU-second through {@code ParserBenchmarkMain}): pages without
 * JSON-LD (meta elements, times, microdata only) and pages with it, beside the parse of a page of the
 * parser's benchmark corpus ({@link PageParser}: decode, digest, links) as the baseline. Run as
 * {@code org.kcrawl.parser.bench.ParserBenchmarkMain MetadataBenchmark} (see {@code ScriptShellBenchmark}
 * for the class path).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MetadataBenchmark {
    /** One page's facts and title. */
    record Page(String url, String title, List<Consumer<MetadataCollector>> facts) {}

    /** The fixtures of one kind. */
    @State(Scope.Benchmark)
    public static class Pages {
        @Param({"withoutJsonLd", "withJsonLd"})
        public String kind;
        List<Page> pages;

        @Setup
        public void setUp() {
            List<String> names = kind.equals("withJsonLd")
                    ? List.of("theguardian", "brigitte", "wunderweib", "befifty")
                    : List.of("netzpolitik", "verfassungsblog", "wordpress", "unexpecteduser");
            pages = names.stream().map(n -> {
                Document doc = JsoupFacts.document(n + ".html", "https://" + n + ".example/page.html");
                return new Page(doc.location(), doc.title(), JsoupFacts.facts(doc));
            }).toList();
        }
    }

    /** The parser's own work on the benchmark corpus: the baseline the collector's cost is a share of. */
    @State(Scope.Benchmark)
    public static class Corpus {
        List<FetchedPage> pages;
        PageParser parser;

        @Setup
        public void setUp() {
            parser = PageParser.defaults();
            pages = BenchCorpus.pages().stream().map(CorpusPage::fetched).toList();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void parseCorpusPage(Corpus c, Blackhole bh) {
        for (FetchedPage page : c.pages) {
            bh.consume(c.parser.parse(page));
        }
    }

    @Benchmark
    @OperationsPerInvocation(4)
    public Object collectPerPage(Pages p) {
        Object last = null;
        for (Page page : p.pages) {
            MetadataCollector c = new MetadataCollector(page.url(), page.url());
            for (Consumer<MetadataCollector> f : page.facts()) {
                f.accept(c);
            }
            last = c.result(page.title());
        }
        return last;
    }
}
