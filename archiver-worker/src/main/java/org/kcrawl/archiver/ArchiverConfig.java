package org.kcrawl.archiver;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.kcrawl.common.Checks;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;

/**
 * Everything an archiver is configured with, bound once at start-up (defaults, then a YAML file, then
 * {@code KCRAWL_ARCHIVER_*} variables) and validated with messages naming the key.
 *
 * @param crawlName prefix of the crawl's topics and consumer groups
 * @param bootstrapServers Kafka bootstrap servers
 * @param partitions partitions of the topics when this worker creates them
 * @param replication replication factor of topics this worker creates (formerly {@code replication_factor},
 *                    still read with a deprecation warning)
 * @param metricsPort port of {@code /metrics}, {@code /healthz} and {@code /readyz} (0 picks a free port)
 * @param drainTimeout on shutdown, how long the pages in hand may take to be written and synced
 * @param warcDir the directory WARC files (and their CDXJ indexes) are written to; created when missing
 * @param prefix the first part of every file name, {@code <prefix>-<timestamp>-<serial>-<worker>.warc.gz}
 * @param maxFileBytes the size at which a file is finished and the next one begun (default 1 GiB); a
 *                     file ends with the record that crosses it
 * @param workerName the last part of file names, telling apart the archivers writing to one directory;
 *                   empty (the default) takes the host name (a pod's name on Kubernetes)
 * @param syncInterval longest a written record waits for its fsync (and so its page's offset commit);
 *                     records are synced sooner when nothing else waits to be written
 * @param maxPending pages consumed and not yet synced before consumption pauses (the memory bound: each
 *                   is held until its records are on disk)
 * @param cdxj write a CDXJ index beside each finished file (default true)
 */
public record ArchiverConfig(
        @JsonProperty("crawl_name") String crawlName,
        @JsonProperty("bootstrap_servers") String bootstrapServers,
        @JsonProperty("partitions") int partitions,
        @JsonProperty("replication") @JsonAlias("replication_factor") short replication,
        @JsonProperty("metrics_port") int metricsPort,
        @JsonProperty("drain_timeout") Duration drainTimeout,
        @JsonProperty("warc_dir") String warcDir,
        @JsonProperty("prefix") String prefix,
        @JsonProperty("max_file_bytes") long maxFileBytes,
        @JsonProperty("worker_name") String workerName,
        @JsonProperty("sync_interval") Duration syncInterval,
        @JsonProperty("max_pending") int maxPending,
        @JsonProperty("cdxj") boolean cdxj) {

    /** Prefix of the environment variables that override settings. */
    public static final String ENV_PREFIX = "KCRAWL_ARCHIVER_";
    /** The default size at which a WARC file is finished: 1 GiB, as Heritrix and the WARC guidelines suggest. */
    public static final long DEFAULT_MAX_FILE_BYTES = 1024L * 1024 * 1024;
    /** The smallest file size cap: below it, files would hold a few pages each. */
    public static final long MIN_FILE_BYTES = 64 * 1024;
    /** Pages held until their records are synced: a few MiB, bounded by the pages' size cap. */
    public static final int DEFAULT_MAX_PENDING = 256;
    /** Bytes of pages held until their records are synced before consumption pauses. */
    public static final long MAX_PENDING_BYTES = 64L * 1024 * 1024;

    public ArchiverConfig {
        try {
            new CrawlTopics(crawlName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("crawl_name: " + e.getMessage(), e);
        }
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap_servers must name at least one HOST:PORT");
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1 but was " + partitions);
        }
        Checks.atLeast(replication, 1, "replication");
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new IllegalArgumentException("metrics_port must be a TCP port (0-65535) but was " + metricsPort);
        }
        if (drainTimeout == null || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drain_timeout must be a duration >= 0 (for example PT30S)");
        }
        if (warcDir == null || warcDir.isBlank()) {
            throw new IllegalArgumentException("warc_dir must name the directory WARC files are written to");
        }
        if (prefix == null || !prefix.matches("[A-Za-z0-9._]+")) {
            throw new IllegalArgumentException("prefix must be letters, digits, '.' or '_' (no '-', which separates"
                    + " the parts of a file name) but was '" + prefix + "'");
        }
        if (maxFileBytes < MIN_FILE_BYTES) {
            throw new IllegalArgumentException("max_file_bytes must be >= " + MIN_FILE_BYTES + " but was "
                    + maxFileBytes);
        }
        if (workerName == null || !(workerName.isEmpty() || workerName.matches("[A-Za-z0-9._-]+"))) {
            throw new IllegalArgumentException("worker_name must be letters, digits, '.', '_' or '-' (or empty for"
                    + " the host name) but was '" + workerName + "'");
        }
        if (syncInterval == null || syncInterval.isNegative() || syncInterval.isZero()) {
            throw new IllegalArgumentException("sync_interval must be a positive duration (for example PT1S)");
        }
        if (maxPending < 1) {
            throw new IllegalArgumentException("max_pending must be >= 1 but was " + maxPending);
        }
    }

    /** The defaults: local broker, crawl "crawl", files of 1 GiB in ./warc, synced at least every second. */
    public static ArchiverConfig defaults() {
        return new ArchiverConfig("crawl", "localhost:9092", 6, (short) 1, 9400, Duration.ofSeconds(30), "warc",
                "kcrawl", DEFAULT_MAX_FILE_BYTES, "", Duration.ofSeconds(1), DEFAULT_MAX_PENDING, true);
    }

    /** Binds defaults, then {@code file} (may be null), then {@code KCRAWL_ARCHIVER_*} variables of {@code env}. */
    public static ArchiverConfig load(Path file, Map<String, String> env) {
        return new ConfigBinder().bind(ArchiverConfig.class, defaults(), file, env, ENV_PREFIX);
    }

    /** A copy writing to {@code dir} for crawl {@code crawlName} on {@code bootstrap}, as the crawl command sets it. */
    public ArchiverConfig forLocalCrawl(String crawlName, String bootstrap, Path dir) {
        return new ArchiverConfig(crawlName, bootstrap, partitions, replication, metricsPort, drainTimeout,
                dir.toString(), prefix, maxFileBytes, workerName, syncInterval, maxPending, cdxj);
    }

    /** The crawl's topic names. */
    public CrawlTopics topics() {
        return new CrawlTopics(crawlName);
    }

    /** The layout of topics this worker creates when they are missing. */
    public TopicLayout topicLayout() {
        return new TopicLayout(partitions, partitions, partitions, replication,
                TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
    }

    /** The directory files are written to. */
    public Path directory() {
        return Path.of(warcDir);
    }

    /** The name files carry: {@code worker_name}, or the host name when it is empty. */
    public String effectiveWorkerName() {
        if (!workerName.isEmpty()) {
            return workerName;
        }
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = System.getenv().getOrDefault("HOSTNAME", "archiver");
        }
        String safe = host.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() ? "archiver" : safe;
    }

    /** The poll loop's bounds: pages until synced, by count and bytes. */
    public WorkerLoopSettings workerLoopSettings() {
        return new WorkerLoopSettings(maxPending, maxPending, MAX_PENDING_BYTES, Duration.ofMillis(100), drainTimeout,
                WorkerLoopSettings.DEFAULT_COMMIT_INTERVAL);
    }
}
