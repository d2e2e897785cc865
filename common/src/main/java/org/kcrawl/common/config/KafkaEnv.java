package org.kcrawl.common.config;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Passes {@code KAFKA_*} environment variables through to the Kafka clients, the convention of the
 * Kafka container images: {@code KAFKA_SECURITY_PROTOCOL=SSL} becomes {@code security.protocol=SSL}.
 *
 * <p>A variable may add or tune anything (security, timeouts, sizes) except the properties the crawl's
 * delivery guarantee rests on; those are refused at start-up, naming the variable, rather than silently
 * turning "no URL is ever lost" into "some are".
 */
public final class KafkaEnv {
    private static final String PREFIX = "KAFKA_";
    private static final String NEVER = "is set by kcrawl and may not be overridden";

    /** Properties the guarantee rests on, with the values that keep it (empty: none may be given). */
    private static final Map<String, Set<String>> GUARDED = Map.ofEntries(
            Map.entry("acks", Set.of("all", "-1")),
            Map.entry("enable.idempotence", Set.of("true")),
            Map.entry("enable.auto.commit", Set.of("false")),
            Map.entry("isolation.level", Set.of("read_committed")),
            Map.entry("auto.offset.reset", Set.of("earliest")),
            Map.entry("transactional.id", Set.of()),
            Map.entry("group.id", Set.of()),
            Map.entry("group.instance.id", Set.of()),
            Map.entry("key.serializer", Set.of()),
            Map.entry("value.serializer", Set.of()),
            Map.entry("key.deserializer", Set.of()),
            Map.entry("value.deserializer", Set.of()));

    /** Why each guarded property matters, for the refusal's message. */
    private static final Map<String, String> WHY = Map.of(
            "acks", "an output acknowledged by one replica is lost with it",
            "enable.idempotence", "a retried send would write its output twice",
            "enable.auto.commit", "offsets would be committed before their outputs are acknowledged",
            "isolation.level", "workers would read outputs of aborted transactions",
            "auto.offset.reset", "a new group would skip the work queued before it joined",
            "transactional.id", "every client would share one id and fence the others",
            "group.id", "partition ownership is named by crawl_name; set that instead",
            "group.instance.id", "it would reach every client, the group-less seen-set reader too; set the worker's"
                    + " group_instance_id instead");

    private KafkaEnv() {}

    /**
     * Client properties taken from {@code env}.
     *
     * @throws ConfigException naming the variable when it would weaken the delivery guarantee
     */
    public static Map<String, String> clientOverrides(Map<String, String> env) {
        Map<String, String> out = new HashMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith(PREFIX) && k.length() > PREFIX.length()) {
                String property = k.substring(PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.');
                check(k, property, v);
                out.put(property, v);
            }
        });
        return out;
    }

    private static void check(String variable, String property, String value) {
        Set<String> allowed = GUARDED.get(property);
        if (allowed == null || allowed.contains(value.trim().toLowerCase(Locale.ROOT))) {
            return;
        }
        String rule = allowed.isEmpty() ? NEVER : "must be " + String.join(" or ", allowed.stream().sorted().toList());
        String why = WHY.getOrDefault(property, "the workers read and write bytes of their own format");
        throw new ConfigException(variable, property + " " + rule + " (" + why + "), but " + variable + "=" + value
                + "; remove the variable");
    }
}
