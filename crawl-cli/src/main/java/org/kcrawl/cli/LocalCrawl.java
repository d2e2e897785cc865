package org.kcrawl.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.cli.io.OutputWriteException;
import org.kcrawl.cli.io.Terminal;
import org.kcrawl.cli.recrawl.RecrawlPublisher;
import org.kcrawl.cli.recrawl.RecrawlSelection;
import org.kcrawl.cli.recrawl.Recrawls;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.ScopeRecords;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a whole crawl in this JVM: broker (embedded unless --bootstrap), topics, fetcher, parser,
 * seeds, the JSON Lines writers and the progress line, until the crawl drains, hits its limit, is
 * interrupted or loses an output. With {@code --fetch-only} no parser runs and the output file gets a
 * line per page of the pages topic instead of the records.
 *
 * <p>Every way of stopping takes the same path: no new fetch starts, what is on the wire finishes, the
 * workers commit, the writers commit what reached their files, the broker stops. Only the exit code
 * and the last line differ ({@link Outcome}).
 */
final class LocalCrawl {
    private static final Logger log = LoggerFactory.getLogger(LocalCrawl.class);
    /**
     * The crawl counts as drained after this many consecutive idle checks with nothing produced between
     * them (see {@link DrainCheck}); two suffice for that to be sound.
     */
    private static final int IDLE_CHECKS = 2;
    /**
     * How often the end of the crawl is checked: often enough that a small crawl does not idle at its end
     * (at 100 ms, a crawl's last record was 200 ms old, on average, when its end was seen). While the
     * workers are busy a check reads a few counters and asks the broker nothing.
     */
    private static final long CHECK_EVERY_MILLIS = 25;
    /** After a check that asked the broker and found work left, the next one asks again no sooner than this. */
    private static final Duration PROBE_BACKOFF = Duration.ofMillis(100);
    /** The progress line (and its backlog probe) every this many checks: twice a second. */
    private static final int PROGRESS_EVERY_CHECKS = 20;
    /**
     * The longest a broker holds a fetch that finds nothing new (Kafka's default is 500 ms). Closing a
     * consumer waits for the fetch it has out, and every way a crawl stops closes each of its consumers
     * (workers and writers), so a short hold keeps the stop prompt.
     */
    private static final Map<String, String> CLIENT_SETTINGS = Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "100");

    private final CrawlOptions options;
    /** The workers' settings: the options over the {@code --config} file over the defaults. */
    private final WorkerWiring wiring;
    private final List<String> seeds;
    private final PrintWriter err;
    private final CountDownLatch done = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    /** The first output that could no longer be written, if any. */
    private final AtomicReference<OutputWriteException> lostOutput = new AtomicReference<>();
    private final boolean terminal = Terminal.stderrIsTerminal();
    /** The lag of the watched groups at the last progress tick, for the progress line. */
    private volatile long backlog;
    /** Checks made by the ticker thread (only it touches this). */
    private long checks;

    LocalCrawl(CrawlOptions options, WorkerWiring wiring, List<String> seeds, PrintWriter err) {
        this.options = options;
        this.wiring = wiring;
        this.seeds = List.copyOf(seeds);
        this.err = err;
    }

    /** Runs the crawl and returns the exit code. */
    int run() throws InterruptedException {
        Thread hook = new Thread(this::interrupted, "crawl-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Broker broker = Broker.open(options.bootstrap, options.dataDir,
                options.clusterClientSettings(System.getenv()))) {
            return crawl(broker);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down because of Ctrl-C: the hook is running, nothing to remove.
            }
        }
    }

    @SuppressWarnings("try") // the workers stop early on purpose, before the sinks are awaited; the try closes them again only on failure
    private int crawl(Broker broker) throws InterruptedException {
        KafkaClients clients = broker.clients(CLIENT_SETTINGS);
        CrawlTopics topics = new CrawlTopics(wiring.crawlName());
        try (Admin admin = clients.admin()) {
            warmGroupCoordinator(admin, topics);
            TopicProvisioner provisioner = new TopicProvisioner(admin);
            provisioner.ensure(topics, layout(admin, broker));
            provisioner.checkCoPartitioned(topics);
            if (options.fetchOnly) {
                // Before the sinks start: a refused run must not truncate the output files.
                FetchOnlyGuard.check(admin, topics);
            }
            // Before the workers are built: they read the crawl's scope topic when they start.
            publish(clients, seedSites(topics), "the seeds' sites");

            JsonLinesSink output = outputSink(clients, topics);
            JsonLinesSink failures = new JsonLinesSink(clients, wiring.crawlName() + ".cli-failures",
                    topics.failures(), options.failuresPath(), 0, LineFormat.VERBATIM, this::outputLost);
            List<SinkThread> sinks = List.of(new SinkThread(output), new SinkThread(failures));
            sinks.forEach(SinkThread::start);

            startRecrawl(clients, topics);
            ConsumerLag lag = new ConsumerLag(admin);
            try (CrawlWorkers workers = wiring.workers(clients)) {
                workers.start();
                publish(clients, seedRequests(topics), "seeds");
                DrainCheck drain = new DrainCheck(workers, lag::measure, topics, !options.fetchOnly, options.warc != null,
                        IDLE_CHECKS, System::nanoTime, PROBE_BACKOFF);
                ProgressReporter progress = new ProgressReporter(err, terminal,
                        () -> snapshot(workers, output, failures, backlog), options.fetchOnly ? "written" : "records",
                        System::nanoTime, Duration.ofSeconds(5).toNanos());
                ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "crawl-progress");
                    t.setDaemon(true);
                    return t;
                });
                ticker.scheduleWithFixedDelay(() -> check(drain, output, progress, workers.seedMoves()),
                        CHECK_EVERY_MILLIS, CHECK_EVERY_MILLIS, TimeUnit.MILLISECONDS);
                done.await();
                ticker.shutdownNow();
                if (!options.quiet) {
                    workers.seedMoves().untold().forEach(progress::notice);
                    backlog = drain.backlog();
                    progress.tick();
                }
                workers.close();
                awaitSinks(lag, output, failures);
                warnUnreadable(output);
                if (!options.quiet) {
                    progress.finish(outcome.get().label());
                    tellArchived(workers.archived());
                }
            } finally {
                // All at once: each waits for its consumer to leave the group.
                sinks.forEach(SinkThread::requestStop);
                sinks.forEach(SinkThread::awaitStopped);
            }
        }
        tellLostOutput();
        return outcome.get().exitCode();
    }

    /**
     * Asks for a group's offsets without waiting for the answer: on a new broker that makes it create
     * and load the offsets topic while the crawl's topics are created, instead of when the first consumer
     * joins its group, which takes a few hundred milliseconds off the time to the first request.
     */
    private static void warmGroupCoordinator(Admin admin, CrawlTopics topics) {
        admin.listConsumerGroupOffsets(topics.fetcherGroup()).partitionsToOffsetAndMetadata()
                .whenComplete((offsets, error) -> {
                    if (error != null) {
                        log.debug("early group coordinator lookup failed; the consumers look it up themselves: {}",
                                error.toString());
                    }
                });
    }

    private TopicLayout layout(Admin admin, Broker broker) {
        if (broker.isEmbedded()) {
            return TopicLayout.local(wiring.partitions());
        }
        try {
            int nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size();
            return TopicLayout.forCluster(wiring.partitions(), nodes);
        } catch (Exception e) {
            throw new IllegalStateException("cannot reach Kafka at " + options.bootstrap + ": " + e, e);
        }
    }

    /** The scope topic's records of the seeds' sites, so every worker judges links from them as the crawl's own. */
    private List<ProducerRecord<String, byte[]>> seedSites(CrawlTopics topics) {
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        for (ScopeSite site : ScopeRecords.seedSites(seeds, Instant.now())) {
            out.add(ScopeRecords.of(topics, site));
        }
        return out;
    }

    /** A seed request for each seed, keyed by host. */
    private List<ProducerRecord<String, byte[]>> seedRequests(CrawlTopics topics) {
        Instant now = Instant.now();
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        for (String url : seeds) {
            out.add(new ProducerRecord<>(topics.urls(), HostKey.of(url),
                    MessageCodec.get().encode(CrawlRequest.seed(url, now))));
        }
        return out;
    }

    /**
     * For {@code --recrawl-after} and {@code --recrawl-due}: a request for every known URL the selection
     * takes, carrying its previous fetch, before the seeds (a known seed's plain request is then a
     * duplicate, its recrawl request the one fetched).
     */
    private void startRecrawl(KafkaClients clients, CrawlTopics topics) {
        RecrawlSelection selection = options.recrawl(Instant.now());
        if (selection == null) {
            return;
        }
        RecrawlPublisher.Result result = Recrawls.start(clients, topics, selection, Duration.ofSeconds(60));
        if (!options.quiet) {
            err.println(Recrawls.summary(selection, result));
            err.flush();
        }
    }

    /** Sends {@code records} and waits until the broker has acknowledged every one. */
    private void publish(KafkaClients clients, List<ProducerRecord<String, byte[]>> records, String what) {
        try (KafkaProducer<String, byte[]> producer = clients.producer(wiring.crawlName() + "-seeder")) {
            List<CompletableFuture<?>> sent = new ArrayList<>();
            for (ProducerRecord<String, byte[]> record : records) {
                sent.add(Sends.send(producer, record));
            }
            Sends.all(sent).get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing " + what, e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish " + what + ": " + e, e);
        }
    }

    /** Records from the records topic; in a fetch-only crawl, a line per page straight from the pages topic. */
    private JsonLinesSink outputSink(KafkaClients clients, CrawlTopics topics) {
        if (options.fetchOnly) {
            return new JsonLinesSink(clients, wiring.crawlName() + ".cli-pages", topics.pages(), options.outPath(),
                    wiring.maxPages(), FetchRecord.PAGES, this::outputLost);
        }
        return new JsonLinesSink(clients, wiring.crawlName() + ".cli-records", topics.records(), options.outPath(),
                wiring.maxPages(), LineFormat.VERBATIM, this::outputLost);
    }

    private void warnUnreadable(JsonLinesSink output) {
        if (output.unreadable() > 0) {
            log.warn("{} messages of {} could not be read and have no line in the output (see the warnings above)",
                    output.unreadable(), output.topic());
        }
    }

    private void check(DrainCheck drain, JsonLinesSink output, ProgressReporter progress, SeedMoveNotices moves) {
        try {
            if (output.limitReached()) {
                finish(Outcome.LIMIT_REACHED); // the main thread draws the last progress line
                return;
            }
            if (!options.quiet) {
                // At once, not with the next progress line: it explains why the crawl left the seed's site.
                moves.untold().forEach(progress::notice);
            }
            if (!options.quiet && ++checks % PROGRESS_EVERY_CHECKS == 0) {
                backlog = drain.backlog();
                progress.tick();
            }
            // The lags are probed only once the workers are idle: a busy crawl costs the broker nothing here.
            if (drain.idle()) {
                finish(Outcome.DRAINED);
            }
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                return; // the crawl is stopping (Ctrl-C, a closed output): shutdownNow() cut the probe short
            }
            // A failed lag probe (broker busy) only delays the decision to the next tick.
            log.warn("progress check failed: {}", e.toString());
        }
    }

    private void finish(Outcome why) {
        outcome.accumulateAndGet(why, Outcome::settle);
        done.countDown();
    }

    /** Called by a writer's thread when its output can no longer be written: stops the crawl like Ctrl-C. */
    private void outputLost(OutputWriteException e) {
        lostOutput.compareAndSet(null, e);
        finish(e.readerGone() ? Outcome.OUTPUT_CLOSED : Outcome.OUTPUT_FAILED);
    }

    /** With {@code --warc}: where the pages went, so nobody has to guess. */
    private void tellArchived(CrawlWorkers.Archived archived) {
        if (archived != null) {
            err.printf("warc: %,d page%s archived%s, %,d file%s finished in %s%n", archived.pages(),
                    archived.pages() == 1 ? "" : "s",
                    archived.revisits() > 0 ? String.format(" (%,d as revisits)", archived.revisits()) : "",
                    archived.files(), archived.files() == 1 ? "" : "s", options.warc);
            err.flush();
        }
    }

    private void tellLostOutput() {
        OutputWriteException lost = lostOutput.get();
        if (lost != null && lost.worthTelling(terminal)) {
            err.println("crawl: " + lost.getMessage() + "; the crawl stopped (what was written is kept)");
            err.flush();
        }
    }

    private void interrupted() {
        finish(Outcome.INTERRUPTED);
        try {
            // Let the main thread stop the workers and flush the files before the JVM exits.
            finished.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitSinks(ConsumerLag lag, JsonLinesSink output, JsonLinesSink failures)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            // A writer that lost its output has nothing more to write.
            boolean outputDone = output.lost() != null || output.limitReached()
                    || lag.of(output.group(), output.topic()) == 0;
            boolean failuresDone = failures.lost() != null || lag.of(failures.group(), failures.topic()) == 0;
            if (outputDone && failuresDone) {
                return;
            }
            // The main thread is neither an event loop nor a poll loop: a short wait between probes is fine.
            TimeUnit.MILLISECONDS.sleep(100);
        }
        log.warn("the output files may lack the last records: the writers did not catch up within 30 s");
    }

    private static ProgressSnapshot snapshot(CrawlWorkers w, JsonLinesSink output, JsonLinesSink failures,
                                             long backlog) {
        Map<FailureReason, Long> byReason = w.failuresByReason();
        long recorded = byReason.values().stream().mapToLong(Long::longValue).sum();
        // Failure lines that this crawl's fetcher did not write (other fetchers of a --bootstrap cluster) are
        // errors too.
        long others = Math.max(0, failures.written() - recorded);
        return new ProgressSnapshot(w.pagesFetched(), output.written(), w.queued(), w.inFlight(),
                w.failedAttempts() + others, backlog, w.note(), byReason, w.seedMoves().count(), w.refusals());
    }
}
