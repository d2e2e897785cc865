package org.kcrawl.embedded.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares the KRaft log directory of the embedded node: formats an empty one with a new cluster id,
 * and keeps a formatted one as it is so a restart on the same directory keeps its topics and offsets.
 */
public final class LogDirFormatter {
    private static final Logger log = LoggerFactory.getLogger(LogDirFormatter.class);

    private LogDirFormatter() {
    }

    /**
     * Formats {@code logDir} unless it already holds a node's metadata, and returns the cluster id.
     *
     * @throws IllegalStateException if the directory belongs to another node id or cannot be read
     */
    public static String formatIfNeeded(Path logDir) {
        if (logDir == null) {
            throw new IllegalArgumentException("logDir must not be null");
        }
        String dir = logDir.toAbsolutePath().toString();
        try {
            MetaPropertiesEnsemble ensemble = load(logDir, dir);
            if (ensemble.emptyLogDirs().isEmpty()) {
                return existingClusterId(ensemble, logDir);
            }
            return format(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka log directory " + logDir, e);
        }
    }

    /**
     * Formats {@code logDir} for node {@code nodeId} of cluster {@code clusterId} unless it already holds
     * that node's metadata: the nodes of one cluster are formatted with the id they share, and a node
     * restarted on its directory keeps its data.
     *
     * @throws IllegalStateException if the directory belongs to another node or cluster, or cannot be read
     */
    public static void formatIfNeeded(Path logDir, int nodeId, String clusterId) {
        if (logDir == null) {
            throw new IllegalArgumentException("logDir must not be null");
        }
        if (clusterId == null || clusterId.isBlank()) {
            throw new IllegalArgumentException("clusterId must not be blank but was '" + clusterId + "'");
        }
        String dir = logDir.toAbsolutePath().toString();
        try {
            MetaPropertiesEnsemble ensemble = load(logDir, dir);
            if (!ensemble.emptyLogDirs().isEmpty()) {
                format(dir, nodeId, clusterId);
            } else if (ensemble.nodeId().orElse(nodeId) != nodeId
                    || !clusterId.equals(ensemble.clusterId().orElse(clusterId))) {
                throw new IllegalStateException(logDir + " belongs to node " + ensemble.nodeId() + " of cluster "
                        + ensemble.clusterId() + ", not to node " + nodeId + " of cluster " + clusterId
                        + "; use another data directory");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka log directory " + logDir, e);
        }
    }

    private static String existingClusterId(MetaPropertiesEnsemble ensemble, Path logDir) {
        OptionalInt nodeId = ensemble.nodeId();
        if (nodeId.isPresent() && nodeId.getAsInt() != BrokerConfigs.NODE_ID) {
            throw new IllegalStateException(logDir + " belongs to Kafka node " + nodeId.getAsInt()
                    + ", not to the embedded node " + BrokerConfigs.NODE_ID + "; use another data directory");
        }
        String clusterId = ensemble.clusterId().orElseThrow(() -> new IllegalStateException(
                logDir + " has a meta.properties without a cluster id; repair or delete the directory"));
        log.debug("reusing Kafka log directory {} of cluster {}", logDir, clusterId);
        return clusterId;
    }

    private static String format(String dir) throws IOException {
        String clusterId = Uuid.randomUuid().toString();
        format(dir, BrokerConfigs.NODE_ID, clusterId);
        return clusterId;
    }

    private static void format(String dir, int nodeId, String clusterId) throws IOException {
        // The formatter reports to a PrintStream meant for a terminal; keep that text for the debug log.
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8)) {
            new Formatter()
                    .setPrintStream(out)
                    .setNodeId(nodeId)
                    .setClusterId(clusterId)
                    .addDirectory(dir)
                    .setMetadataLogDirectory(dir)
                    .setControllerListenerName(BrokerConfigs.CONTROLLER_LISTENER)
                    .run();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot format Kafka log directory " + dir + ": " + e.getMessage(), e);
        }
        log.debug("formatted Kafka log directory {} for node {} of cluster {}: {}", dir, nodeId, clusterId,
                report.toString(StandardCharsets.UTF_8).strip());
    }

    /** The metadata of {@code logDir} (created when missing); throws naming it when it cannot be read. */
    private static MetaPropertiesEnsemble load(Path logDir, String dir) throws IOException {
        Files.createDirectories(logDir);
        MetaPropertiesEnsemble ensemble = new MetaPropertiesEnsemble.Loader().addLogDirs(List.of(dir)).load();
        if (!ensemble.errorLogDirs().isEmpty()) {
            throw new IllegalStateException("cannot read " + logDir.resolve(MetaPropertiesEnsemble.META_PROPERTIES_NAME)
                    + "; repair or delete the directory " + logDir);
        }
        return ensemble;
    }
}
