package org.kcrawl.parser.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.html.ScriptShell;
import org.kcrawl.parser.testing.Pages;
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
 * What {@code render_auto} adds to the parse of a page: {@link ScriptShell#looksScriptBuilt} on pages
 * already parsed, per page, for the benchmark corpus (pages with text: the usual case) and for script
 * shells (the dearest case: the body is scanned), beside the parse itself of the same corpus, each in
 * pages per second (so that {@link ParserBenchmarkMain}'s summary, with pages per CPU-second, reads right).
 * Run it as {@code bench/harness.py} runs the parser's benchmark, naming it:
 * <pre>{@code
 * ./mvnw -o -q -B -pl parser-worker -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
 *     -Dmdep.outputFile=/tmp/parser-test.classpath
 * java -cp parser-worker/target/test-classes:parser-worker/target/classes:$(cat /tmp/parser-test.classpath) \
 *     org.kcrawl.parser.bench.ParserBenchmarkMain ScriptShellBenchmark
 * }</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ScriptShellBenchmark {
    private static final List<String> SHELLS = List.of(
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"/><title>React App</title>"
                    + "<script defer=\"defer\" src=\"/static/js/main.8f2b1c.js\"></script></head><body><noscript>"
                    + "You need to enable JavaScript to run this app.</noscript><div id=\"root\"></div></body></html>",
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Store</title><base href=\"/\">"
                    + "</head><body><app-root></app-root><script src=\"runtime.a1b2.js\" type=\"module\"></script>"
                    + "<script src=\"main.e5f6.js\" type=\"module\"></script></body></html>");

    /** Pages with their parse results. */
    @State(Scope.Benchmark)
    public static class Parsed {
        List<FetchedPage> corpus;
        List<ParsedPage> corpusParsed;
        List<FetchedPage> shells;
        List<ParsedPage> shellsParsed;
        PageParser parser;

        @Setup
        public void setUp() {
            parser = PageParser.defaults();
            corpus = BenchCorpus.pages().stream().map(CorpusPage::fetched).toList();
            corpusParsed = corpus.stream().map(parser::parse).toList();
            shells = SHELLS.stream().map(h -> Pages.page("https://app.example/", "text/html",
                    h.getBytes(StandardCharsets.UTF_8))).toList();
            shellsParsed = shells.stream().map(parser::parse).toList();
            for (int i = 0; i < shells.size(); i++) {
                if (!ScriptShell.looksScriptBuilt(shells.get(i).body(), shellsParsed.get(i))) {
                    throw new IllegalStateException("shell " + i + " is not taken for one");
                }
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void checkCorpusPage(Parsed p, Blackhole bh) {
        for (int i = 0; i < BenchCorpus.SIZE; i++) {
            bh.consume(ScriptShell.looksScriptBuilt(p.corpus.get(i).body(), p.corpusParsed.get(i)));
        }
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public void checkShell(Parsed p, Blackhole bh) {
        for (int i = 0; i < 2; i++) {
            bh.consume(ScriptShell.looksScriptBuilt(p.shells.get(i).body(), p.shellsParsed.get(i)));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchCorpus.SIZE)
    public void parseCorpusPage(Parsed p, Blackhole bh) {
        for (FetchedPage page : p.corpus) {
            bh.consume(p.parser.parse(page));
        }
    }
}
