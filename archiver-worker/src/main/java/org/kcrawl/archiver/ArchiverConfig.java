package org.kcrawl.archiver;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;

/**
 * Everything an archiver is configured with, bound once at start-up (defaults, then a YAML file, then
 * {@code KCRAWL_ARCHIVER_*} variables). Each component is the setting of its key declared in {@link #SETTINGS}
 * ({@link ArchiverSettings} and the shared ones), which says its default, its bound and what it means, and
 * checks it before this record is built.
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

    /** The archiver's settings: each one's key, type, default, bound and doc. */
    public static final SettingList SETTINGS = ArchiverSettings.LIST;
    /** Prefix of the environment variables that override settings. */
    public static final String ENV_PREFIX = SETTINGS.envPrefix();
    /** Bytes of pages held until their records are synced before consumption pauses. */
    public static final long MAX_PENDING_BYTES = 64L * 1024 * 1024;

    /** The defaults: the declared ones ({@link #SETTINGS}). */
    public static ArchiverConfig defaults() {
        return Defaults.CONFIG;
    }

    /** Built once, when first asked for. */
    private static final class Defaults {
        static final ArchiverConfig CONFIG = ConfigBinder.declaredDefaults(ArchiverConfig.class);
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
