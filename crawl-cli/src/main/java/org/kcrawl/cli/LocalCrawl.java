package org.kcrawl.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a whole crawl in this JVM: broker (embedded unless --bootstrap), topics, fetcher, parser,
 * seeds, the JSON Lines writers and the progress line, until the crawl drains, hits its limit or is
 * interrupted.
 */
final class LocalCrawl {
    private static final Logger log = LoggerFactory.getLogger(LocalCrawl.class);
    /** The crawl counts as drained only after this many consecutive idle checks. */
    private static final int IDLE_CHECKS = 3;

    private final CrawlOptions options;
    private final List<String> seeds;
    private final Function<KafkaClients, CrawlWorkers> workersFactory;
    private final PrintWriter err;
    private final CountDownLatch done = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicReference<String> outcome = new AtomicReference<>();

    LocalCrawl(CrawlOptions options, List<String> seeds, Function<KafkaClients, CrawlWorkers> workersFactory,
               PrintWriter err) {
        this.options = options;
        this.seeds = List.copyOf(seeds);
        this.workersFactory = workersFactory;
        this.err = err;
    }

    /** Runs the crawl and returns the exit code. */
    int run() throws InterruptedException {
        Thread hook = new Thread(this::interrupted, "crawl-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Broker broker = Broker.open(options.bootstrap, options.dataDir)) {
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

    private int crawl(Broker broker) throws InterruptedException {
        KafkaClients clients = KafkaClients.of(broker.bootstrapServers());
        CrawlTopics topics = new CrawlTopics(options.crawlName);
        try (Admin admin = clients.admin()) {
            TopicProvisioner provisioner = new TopicProvisioner(admin);
            provisioner.ensure(topics, layout(admin, broker));
            provisioner.checkCoPartitioned(topics);

            List<SinkThread> sinks = List.of(
                    new SinkThread(new JsonLinesSink(clients, options.crawlName + ".cli-records", topics.records(),
                            options.outPath(), options.maxPages)),
                    new SinkThread(new JsonLinesSink(clients, options.crawlName + ".cli-failures",
                            topics.failures(), options.failuresPath(), 0)));
            sinks.forEach(SinkThread::start);
            JsonLinesSink records = sinks.get(0).sink;
            JsonLinesSink failures = sinks.get(1).sink;

            ConsumerLag lag = new ConsumerLag(admin);
            try (CrawlWorkers workers = workersFactory.apply(clients)) {
                workers.start();
                seed(clients, topics);
                ProgressReporter progress = new ProgressReporter(err, System.console() != null,
                        () -> snapshot(workers, records, failures), System::nanoTime, Duration.ofSeconds(5).toNanos());
                ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "crawl-progress");
                    t.setDaemon(true);
                    return t;
                });
                DrainCheck drain = new DrainCheck(workers, records, lag, topics);
                ticker.scheduleWithFixedDelay(() -> check(drain, progress), 500, 500, TimeUnit.MILLISECONDS);
                done.await();
                ticker.shutdownNow();
                if (!options.quiet) {
                    progress.tick();
                }
                workers.close();
                awaitSinks(lag, sinks, topics);
                if (!options.quiet) {
                    progress.finish(outcome.get());
                }
            } finally {
                sinks.forEach(SinkThread::stop);
            }
        }
        return "interrupted".equals(outcome.get()) ? ExitCodes.INTERRUPTED : ExitCodes.OK;
    }

    private TopicLayout layout(Admin admin, Broker broker) {
        if (broker.isEmbedded()) {
            return TopicLayout.local(options.partitions);
        }
        try {
            int nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size();
            short replication = (short) Math.max(1, Math.min(3, nodes));
            return new TopicLayout(options.partitions, options.partitions, options.partitions, replication,
                    TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
        } catch (Exception e) {
            throw new IllegalStateException("cannot reach Kafka at " + options.bootstrap + ": " + e, e);
        }
    }

    private void seed(KafkaClients clients, CrawlTopics topics) {
        Instant now = Instant.now();
        try (KafkaProducer<String, byte[]> producer = clients.producer(options.crawlName + "-seeder")) {
            List<CompletableFuture<?>> sent = new ArrayList<>();
            for (String url : seeds) {
                byte[] value = MessageCodec.get().encode(CrawlRequest.seed(url, now));
                sent.add(Sends.send(producer, new ProducerRecord<>(topics.urls(), HostKey.of(url), value)));
            }
            Sends.all(sent).get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while seeding", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish seeds: " + e, e);
        }
    }

    private void check(DrainCheck drain, ProgressReporter progress) {
        try {
            if (!options.quiet) {
                progress.tick();
            }
            if (drain.limitReached()) {
                finish("limit reached");
            } else if (drain.idle(IDLE_CHECKS)) {
                finish("drained");
            }
        } catch (RuntimeException e) {
            // A failed lag probe (broker busy) only delays the decision to the next tick.
            log.warn("progress check failed: {}", e.toString());
        }
    }

    private void finish(String why) {
        if (outcome.compareAndSet(null, why)) {
            done.countDown();
        }
    }

    private void interrupted() {
        finish("interrupted");
        try {
            // Let the main thread stop the workers and flush the files before the JVM exits.
            finished.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitSinks(ConsumerLag lag, List<SinkThread> sinks, CrawlTopics topics) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            boolean recordsDone = sinks.get(0).sink.limitReached()
                    || lag.of(options.crawlName + ".cli-records", topics.records()) == 0;
            boolean failuresDone = lag.of(options.crawlName + ".cli-failures", topics.failures()) == 0;
            if (recordsDone && failuresDone) {
                return;
            }
            // The main thread is neither an event loop nor a poll loop: a short wait between probes is fine.
            TimeUnit.MILLISECONDS.sleep(100);
        }
        log.warn("the output files may lack the last records: the writers did not catch up within 30 s");
    }

    private static ProgressSnapshot snapshot(CrawlWorkers w, JsonLinesSink records, JsonLinesSink failures) {
        return new ProgressSnapshot(w.pagesFetched(), records.written(), w.queued(), w.inFlight(),
                Math.max(w.failures(), failures.written()), 0);
    }

    /** Decides when the crawl is over: nothing in any topic, in any worker, or on the wire. */
    private final class DrainCheck {
        private final CrawlWorkers workers;
        private final JsonLinesSink records;
        private final ConsumerLag lag;
        private final CrawlTopics topics;
        private int idleStreak;

        DrainCheck(CrawlWorkers workers, JsonLinesSink records, ConsumerLag lag, CrawlTopics topics) {
            this.workers = workers;
            this.records = records;
            this.lag = lag;
            this.topics = topics;
        }

        boolean limitReached() {
            return records.limitReached();
        }

        boolean idle(int needed) {
            boolean idle = workers.pending() == 0 && workers.inFlight() == 0 && workers.queued() == 0
                    && lag.of(topics.fetcherGroup(), topics.urls()) == 0
                    && lag.of(topics.parserGroup(), topics.pages()) == 0
                    // A parked URL sits in a tier topic until its time comes: not drained while any does.
                    && lag.of(topics.parkingGroup(), topics.parkedTopics()) == 0;
            idleStreak = idle ? idleStreak + 1 : 0;
            return idleStreak >= needed;
        }
    }

    private static final class SinkThread {
        final JsonLinesSink sink;
        final Thread thread;

        SinkThread(JsonLinesSink sink) {
            this.sink = sink;
            this.thread = new Thread(sink, "crawl-sink");
        }

        void start() {
            thread.start();
        }

        void stop() {
            sink.stop();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

}
