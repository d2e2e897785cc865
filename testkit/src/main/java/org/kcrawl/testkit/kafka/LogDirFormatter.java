package org.kcrawl.testkit.kafka;

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
final class LogDirFormatter {
    private static final Logger log = LoggerFactory.getLogger(LogDirFormatter.class);

    private LogDirFormatter() {
    }

    /**
     * Formats {@code logDir} unless it already holds a node's metadata, and returns the cluster id.
     *
     * @throws IllegalStateException if the directory belongs to another node id or cannot be read
     */
    static String formatIfNeeded(Path logDir) {
        if (logDir == null) {
            throw new IllegalArgumentException("logDir must not be null");
        }
        String dir = logDir.toAbsolutePath().toString();
        try {
            Files.createDirectories(logDir);
            MetaPropertiesEnsemble ensemble = new MetaPropertiesEnsemble.Loader().addLogDirs(List.of(dir)).load();
            if (!ensemble.errorLogDirs().isEmpty()) {
                throw new IllegalStateException("cannot read " + logDir.resolve(MetaPropertiesEnsemble.META_PROPERTIES_NAME)
                        + "; repair or delete the directory " + logDir);
            }
            if (ensemble.emptyLogDirs().isEmpty()) {
                return existingClusterId(ensemble, logDir);
            }
            return format(dir);
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
        // The formatter reports to a PrintStream meant for a terminal; keep that text for the debug log.
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8)) {
            new Formatter()
                    .setPrintStream(out)
                    .setNodeId(BrokerConfigs.NODE_ID)
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
        log.debug("formatted Kafka log directory {} for cluster {}: {}", dir, clusterId,
                report.toString(StandardCharsets.UTF_8).strip());
        return clusterId;
    }
}
