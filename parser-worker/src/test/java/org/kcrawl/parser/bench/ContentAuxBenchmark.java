package org.kcrawl.parser.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jsoup.nodes.Document;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.content.hash.ContentHashes;
import org.kcrawl.parser.content.hash.Texts;
import org.kcrawl.parser.content.meta.JsoupFacts;
import org.kcrawl.parser.content.meta.MetadataCollector;
import org.kcrawl.parser.html.PageParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the content parts beside the main text cost per page, beside the parser's own work on a page of
 * its benchmark corpus ({@link PageParser}: decode, digest, links) as the baseline of the same run, in
 * pages per second (and per CPU-second through {@link ParserBenchmarkMain}):
 * <ul>
 * <li>{@code metadataWithoutJsonLd}, {@code metadataWithJsonLd}: {@link MetadataCollector} on the facts of
 *     the metadata fixtures (read beforehand, so only the collector is timed, as the page reader hands them
 *     over);
 * <li>{@code hashes20k}: {@link ContentHashes} of a real 20 KB text.
 * </ul>
 * Run as {@code ParserBenchmarkMain ContentAuxBenchmark} (see {@link ScriptShellBenchmark} for the class path).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ContentAuxBenchmark {
    /** One page's metadata facts and title. */
    record Facts(String url, String title, List<Consumer<MetadataCollector>> facts) {}

    /** The inputs. */
    @State(Scope.Benchmark)
    public static class Inputs {
        List<FetchedPage> corpus;
        PageParser parser;
        List<Facts> withJsonLd;
        List<Facts> withoutJsonLd;
        String text20k;

        @Setup
        public void setUp() {
            parser = PageParser.defaults();
            corpus = BenchCorpus.pages().stream().map(CorpusPage::fetched).toList();
            withJsonLd = facts(List.of("theguardian", "brigitte", "wunderweib", "befifty"));
            withoutJsonLd = facts(List.of("netzpolitik", "verfassungsblog", "wordpress", "unexpecteduser"));
            text20k = Texts.fixture("sqlite-appfileformat.txt");
        }

        private static List<Facts> facts(List<String> names) {
            return names.stream().map(n -> {
                Document doc = JsoupFacts.document(n + ".html", "https://" + n + ".example/page.html");
                return new Facts(doc.location(), doc.title(), JsoupFacts.facts(doc));
            }).toList();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void parseCorpusPage(Inputs in, Blackhole bh) {
        for (FetchedPage page : in.corpus) {
            bh.consume(in.parser.parse(page));
        }
    }

    @Benchmark
    @OperationsPerInvocation(4)
    public void metadataWithoutJsonLd(Inputs in, Blackhole bh) {
        collect(in.withoutJsonLd, bh);
    }

    @Benchmark
    @OperationsPerInvocation(4)
    public void metadataWithJsonLd(Inputs in, Blackhole bh) {
        collect(in.withJsonLd, bh);
    }

    @Benchmark
    public ContentHashes hashes20k(Inputs in) {
        return ContentHashes.of(in.text20k);
    }

    private static void collect(List<Facts> pages, Blackhole bh) {
        for (Facts page : pages) {
            MetadataCollector c = new MetadataCollector(page.url(), page.url());
            for (Consumer<MetadataCollector> f : page.facts()) {
                f.accept(c);
            }
            bh.consume(c.result(page.title()));
        }
    }
}
