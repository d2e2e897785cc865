package org.kcrawl.parser.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.html.DetectedCharset;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.pipeline.PageOutputs;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.openjdk.jmh.infra.Blackhole;

/** The benchmark measures what it claims: a varied corpus of the promised sizes, and both loops doing real work on it. */
class BenchCorpusTest {
    private static final String BLACKHOLE_TOKEN =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    @Test
    void theCorpusIsVariedRealisticAndOfTheStatedSizes() {
        List<CorpusPage> pages = BenchCorpus.pages();

        assertThat(pages).hasSize(BenchCorpus.SIZE);
        assertThat(pages).allSatisfy(p -> assertThat(p.body().length).as(p.name())
                .isBetween(10 * 1024, 300 * 1024));
        assertThat(pages).extracting(CorpusPage::name).doesNotHaveDuplicates();
        long total = pages.stream().mapToLong(p -> p.body().length).sum();
        assertThat(total).as("corpus bytes").isBetween(800_000L, 2_000_000L);
        assertThat(pages.stream().mapToInt(p -> p.body().length).max().getAsInt()).isGreaterThan(250 * 1024);
        assertThat(BenchCorpus.pages().get(4).body()).as("same seed, same bytes").isEqualTo(pages.get(4).body());
    }

    @Test
    void theWorkerParsesEveryPageAsHtmlWithManyLinksAndEveryCharsetPath() {
        PageProcessor processor = ParserWorker.processor(ParserConfig.defaults(),
                new ParserMetrics(new SimpleMeterRegistry()));
        Set<DetectedCharset.Source> sources = new HashSet<>();
        for (CorpusPage page : BenchCorpus.pages()) {
            PageOutputs out = processor.process(page.fetched());
            ParsedPage parsed = out.parsed();
            assertThat(parsed.kind()).as(page.name()).isEqualTo(ParsedPage.Kind.HTML);
            assertThat(parsed.budgetExceeded()).as(page.name()).isFalse();
            assertThat(parsed.title()).as(page.name()).isNotBlank();
            assertThat(parsed.links()).as(page.name()).hasSizeGreaterThan(20);
            assertThat(out.requests()).as(page.name()).isNotEmpty();
            assertThat(out.scope().rejected()).as(page.name()).isNotEmpty();
            sources.add(parsed.charsetSource());
        }
        assertThat(sources).contains(DetectedCharset.Source.HEADER, DetectedCharset.Source.SNIFFED_UTF8);
    }

    @Test
    void bothBenchmarkLoopsRunAndDoComparableWork() {
        ParserBenchmark.Corpus corpus = new ParserBenchmark.Corpus();
        corpus.setUp();
        Blackhole bh = new Blackhole(BLACKHOLE_TOKEN);

        int records = ParserBenchmark.worker(corpus, bh);
        int anchors = ParserBenchmark.bare(corpus, bh);

        // One record per page plus the followed links; the bare loop resolves every anchor.
        assertThat(records).isGreaterThan(BenchCorpus.SIZE * 20);
        assertThat(anchors).isGreaterThan(records);
    }
}
