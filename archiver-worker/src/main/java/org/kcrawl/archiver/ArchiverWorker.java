package org.kcrawl.archiver;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.common.runtime.ManagedWorker;
import org.kcrawl.common.topic.CrawlTopics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One archiver: consumes the pages topic in the archiver group and writes every page as WARC records
 * ({@link ArchiveWriter}), committing a page's offset once its records are synced to disk. On start it
 * finishes the files an archiver that died left open ({@link OrphanRecovery}). Usable in-process (the
 * crawl command's {@code --warc}) and from {@link ArchiverMain}.
 */
public final class ArchiverWorker implements ManagedWorker, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ArchiverWorker.class);
    /** What the consumer reads ahead: pages wait there outside the poll loop's bounds, so a few MiB. */
    private static final Map<String, Object> PAGE_FETCHES = Map.of(
            ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 1024 * 1024,
            ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 8 * 1024 * 1024);

    private final ArchiverConfig config;
    private final KafkaClients clients;
    private final ArchiverMetrics metrics;
    private final MeterRegistry registry;
    private final String clientId;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private ArchiveWriter writer;
    private KafkaProducer<String, byte[]> producer;
    private WorkerLoop<FetchedPage> loop;
    private Thread pollThread;
    private boolean started;
    private boolean stopped;

    public ArchiverWorker(ArchiverConfig config, KafkaClients clients, MeterRegistry registry) {
        if (config == null || clients == null || registry == null) {
            throw new IllegalArgumentException("config, clients and registry are required");
        }
        this.config = config;
        this.clients = clients;
        this.metrics = new ArchiverMetrics(registry);
        this.registry = registry;
        this.clientId = "kcrawl-archiver-" + config.crawlName() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * Finishes orphaned files, then starts consuming. Throws {@link UncheckedIOException} when the WARC
     * directory cannot be created or read.
     */
    @Override
    public synchronized void start() {
        if (started || stopped) {
            throw new IllegalStateException("an archiver starts once");
        }
        started = true;
        try {
            Files.createDirectories(config.directory());
            int recovered = OrphanRecovery.recover(config.directory(), config.cdxj());
            for (int i = 0; i < recovered; i++) {
                metrics.fileFinished();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare warc_dir " + config.directory() + ": " + e.getMessage(), e);
        }
        CrawlTopics topics = config.topics();
        writer = new ArchiveWriter(config, metrics, WarcRecords.IdSource.RANDOM);
        writer.start();
        producer = clients.producer(clientId);
        KafkaConsumer<String, byte[]> consumer = clients.consumer(topics.archiverGroup(), clientId, 200, PAGE_FETCHES);
        loop = new WorkerLoop<>(clientId, consumer, List.of(topics.pages()), FetchedPage.class,
                new ArchiveHandler(writer, metrics), new DeadLetterPublisher(producer, topics.deadLetters()),
                config.workerLoopSettings());
        Meters.functionCounter(MeterCatalogue.ARCHIVE_DEAD_LETTERS, loop, WorkerLoop::deadLettered).register(registry);
        pollThread = new Thread(loop, clientId + "-poll");
        pollThread.setDaemon(true);
        pollThread.setUncaughtExceptionHandler((t, e) -> {
            failure.set(e);
            log.error("{}: poll loop died; this archiver has stopped consuming", clientId, e);
        });
        pollThread.start();
        log.info("{}: archiving {} to {} (files of up to {} bytes)", clientId, topics.pages(), config.directory(),
                config.maxFileBytes());
    }

    /**
     * Stops gracefully: the pages in hand are written and synced within the drain time, their offsets
     * committed, then the current file is finished. Idempotent.
     */
    @Override
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (!started) {
            return;
        }
        try {
            loop.requestStop();
            if (!loop.awaitStopped(config.drainTimeout().plusSeconds(30))) {
                log.warn("{}: poll loop did not stop in time; uncommitted pages will be archived again", clientId);
            }
            writer.stop(config.drainTimeout().plusSeconds(30).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            producer.close(Duration.ofSeconds(10));
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** Waits until the poll loop has ended (after {@link #stop()} or a fatal error). */
    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return loop == null || loop.awaitStopped(timeout);
    }

    /** Pages consumed whose records are not yet synced. */
    public int pending() {
        WorkerLoop<FetchedPage> l = loop;
        return l == null ? 0 : l.pending();
    }

    /** Partitions of the pages topic owned now. */
    @Override
    public int assignedPartitions() {
        WorkerLoop<FetchedPage> l = loop;
        return l == null ? 0 : l.assignedPartitions();
    }

    /** True while the poll loop runs and has polled within {@code maxSilence}. */
    @Override
    public boolean isAlive(Duration maxSilence) {
        WorkerLoop<FetchedPage> l = loop;
        return l != null && l.isAlive(maxSilence);
    }

    /** What killed the poll loop, if anything did. */
    @Override
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure.get());
    }

    /** The counters. */
    public ArchiverMetrics metrics() {
        return metrics;
    }

    /** The configuration this worker runs with. */
    public ArchiverConfig config() {
        return config;
    }
}
