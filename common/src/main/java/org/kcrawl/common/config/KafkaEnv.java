package org.kcrawl.common.config;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Passes {@code KAFKA_*} environment variables through to the Kafka clients, the convention of the
 * Kafka container images: {@code KAFKA_SECURITY_PROTOCOL=SSL} becomes {@code security.protocol=SSL}.
 */
public final class KafkaEnv {
    private static final String PREFIX = "KAFKA_";

    private KafkaEnv() {}

    /** Client properties taken from {@code env}. */
    public static Map<String, String> clientOverrides(Map<String, String> env) {
        Map<String, String> out = new HashMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith(PREFIX) && k.length() > PREFIX.length()) {
                out.put(k.substring(PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.'), v);
            }
        });
        return out;
    }
}
