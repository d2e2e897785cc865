package org.kcrawl.parser.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.parser.dedup.LinkHash;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.dedup.FingerprintSet;
import org.kcrawl.parser.kafka.OutputRecords;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.pipeline.PageOutputs;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Pages per second of the parser worker's whole per-page pipeline against a bare jsoup loop, on
 * the same corpus, with one and with two threads. Scores are pages/s summed over the threads.
 *
 * <p>The worker's pipeline per page: decode the {@link FetchedPage} JSON message (the poll loop's
 * work), then {@link PageProcessor#process} (charset detection, parse under the size cap and time
 * budget, metadata, robots directives, link extraction, normalization, the scope chain, the record,
 * metrics), then the published-links lookup of each link ({@link LinkHash} and
 * {@link FingerprintSet#contains} on a set of the default capacity, left empty so that every link is
 * new, as on a page of a fresh site), then {@link OutputRecords#of} (every output encoded to JSON
 * bytes with its key). The
 * bare loop: {@code Jsoup.parse} of the body bytes (jsoup's own charset detection), then
 * {@code select("a[href]")} and {@code absUrl("href")} of each match.
 *
 * <p>Two threads share one processor, as the worker's parse pool does. {@link ParserBenchmarkMain}
 * runs it with {@link ProcessCpuProfiler}, so pages per CPU-second can be compared even on a machine
 * that other work keeps busy, where pages per wall-clock second cannot.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 4)
@Measurement(iterations = 5, time = 4)
@Fork(1)
public class ParserBenchmark {

    /** The corpus as messages (for the worker) and as bodies (for the bare loop), and the worker's parts. */
    @State(Scope.Benchmark)
    public static class Corpus {
        List<CorpusPage> pages;
        List<byte[]> messages;
        PageProcessor processor;
        OutputRecords outputs;
        FingerprintSet published;

        @Setup
        public void setUp() {
            pages = BenchCorpus.pages();
            messages = pages.stream().map(p -> MessageCodec.get().encode(p.fetched())).toList();
            ParserConfig config = ParserConfig.defaults();
            processor = ParserWorker.processor(config, new ParserMetrics(new SimpleMeterRegistry()));
            outputs = new OutputRecords(config.topics());
            published = FingerprintSet.withCapacity(config.linkDedupCapacity());
        }
    }

    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void workerOneThread(Corpus corpus, Blackhole bh) {
        worker(corpus, bh);
    }

    @Benchmark
    @Threads(2)
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void workerTwoThreads(Corpus corpus, Blackhole bh) {
        worker(corpus, bh);
    }

    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void bareOneThread(Corpus corpus, Blackhole bh) {
        bare(corpus, bh);
    }

    @Benchmark
    @Threads(2)
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void bareTwoThreads(Corpus corpus, Blackhole bh) {
        bare(corpus, bh);
    }

    /** The worker's pipeline over the corpus; returns the producer records written, for tests. */
    static int worker(Corpus corpus, Blackhole bh) {
        int records = 0;
        for (byte[] message : corpus.messages) {
            FetchedPage page;
            try {
                page = MessageCodec.get().decode(message, FetchedPage.class);
            } catch (MalformedMessageException e) {
                throw new IllegalStateException("the corpus encodes valid messages", e);
            }
            PageOutputs out = corpus.processor.process(page);
            for (CrawlRequest request : out.requests()) {
                bh.consume(corpus.published.contains(LinkHash.of(request.url())));
            }
            List<ProducerRecord<String, byte[]>> encoded = corpus.outputs.of(out);
            records += encoded.size();
            bh.consume(encoded);
        }
        return records;
    }

    /** The bare loop over the corpus; returns the links resolved, for tests. */
    static int bare(Corpus corpus, Blackhole bh) {
        int links = 0;
        for (CorpusPage page : corpus.pages) {
            Document doc;
            try {
                doc = Jsoup.parse(new ByteArrayInputStream(page.body()), null, page.url());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (Element a : doc.select("a[href]")) {
                bh.consume(a.absUrl("href"));
                links++;
            }
        }
        return links;
    }
}
