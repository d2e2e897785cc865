package org.kcrawl.embedded.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;

/** Proves that a broker serves clients: an admin client must see it in the cluster it describes. */
final class BrokerReadiness {
    private BrokerReadiness() {
    }

    /**
     * Waits until {@code bootstrapServers} answers a cluster description that lists {@code nodeId}.
     *
     * @throws IllegalStateException if it does not within {@code timeout}
     */
    static void await(String bootstrapServers, int nodeId, Duration timeout) {
        await(bootstrapServers, nodeId, timeout, Map.of());
    }

    /** The same, with the client properties a secured listener needs. */
    static void await(String bootstrapServers, int nodeId, Duration timeout, Map<String, String> clientSettings) {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers must name HOST:PORT but was '" + bootstrapServers + "'");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive but was " + timeout);
        }
        int timeoutMs = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        Map<String, Object> config = new java.util.HashMap<>(clientSettings);
        config.putAll(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.CLIENT_ID_CONFIG, "kcrawl-broker-readiness",
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutMs,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(timeoutMs, 5_000),
                AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, 20,
                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 200));
        try (Admin admin = Admin.create(config)) {
            Collection<Node> nodes = admin.describeCluster().nodes().get(timeoutMs, TimeUnit.MILLISECONDS);
            if (nodes.stream().noneMatch(n -> n.id() == nodeId)) {
                throw new IllegalStateException("broker " + bootstrapServers + " answered but node " + nodeId
                        + " is not among the cluster's nodes " + nodes);
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("broker " + bootstrapServers + " did not serve a cluster description within "
                    + timeout + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for broker " + bootstrapServers, e);
        }
    }
}
