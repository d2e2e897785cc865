package org.kcrawl.common.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * Static group membership ({@code group.instance.id}, KIP-345) from a worker's {@code group_instance_id}
 * setting: a worker restarted under the same id within the session timeout gets its partitions back
 * without a rebalance, instead of every member pausing for two. The id must be stable across restarts
 * and unique in the group: a StatefulSet's pod name, or a Deployment's pod name through the downward API
 * (stable across container restarts, which are the common case).
 */
public final class StaticMembership {
    /** The setting's name in both workers' configuration. */
    public static final String KEY = "group_instance_id";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,249}");

    private StaticMembership() {}

    /** {@code id} trimmed ("" when null: dynamic membership); throws naming {@link #KEY} when malformed. */
    public static String checked(String id) {
        String trimmed = id == null ? "" : id.trim();
        if (!trimmed.isEmpty() && !ID.matcher(trimmed).matches()) {
            throw new IllegalArgumentException(KEY + " must be 1-249 of [A-Za-z0-9._-] (a pod name) or empty but was '"
                    + id + "'");
        }
        return trimmed;
    }

    /**
     * The {@code transactional.id} of a worker's output producer, {@code <crawl>.<role>.<id>}: a prefix per
     * crawl and role (what an ACL grants), then its static id when it has one, so that the worker restarted
     * fences its predecessor and aborts the transaction that one left open at once (read_committed readers
     * of its outputs wait for that); else {@code fallback}, unique to this process, whose open transaction a
     * crash leaves to the transaction timeout.
     */
    public static String transactionalId(String crawlName, String role, String id, String fallback) {
        return crawlName + "." + role + "." + (id.isEmpty() ? fallback : id);
    }

    /** {@code defaults} plus {@code group.instance.id} when {@code id} is not empty. */
    public static Map<String, Object> consumerDefaults(Map<String, ?> defaults, String id) {
        Map<String, Object> out = new HashMap<>(defaults);
        if (!id.isEmpty()) {
            out.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id);
        }
        return out;
    }
}
