package org.kcrawl.common.topic;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

/**
 * The retention of the topics that hold work not done yet: URLs waiting to be fetched or rendered ({@code urls},
 * {@code render} and the parking tiers) and pages waiting to be parsed ({@code pages}). Kafka deletes by age or size, not by
 * whether a group has read a message, so any retention but "forever" can delete unconsumed work: a crawl
 * paused longer than a broker's default 7 days would lose its backlog. These topics are created with
 * {@code retention.ms=-1} and {@code retention.bytes=-1}; topics that already exist are checked and each
 * setting that could lose work is reported, naming the topic, the setting and the fix.
 */
public final class WorkRetention {
    /** The settings a work topic is created with. */
    public static final Map<String, String> CONFIGS = Map.of(
            TopicConfig.RETENTION_MS_CONFIG, "-1",
            TopicConfig.RETENTION_BYTES_CONFIG, "-1");

    private static final long TIMEOUT_SECONDS = 60;

    private final Admin admin;

    public WorkRetention(Admin admin) {
        if (admin == null) {
            throw new IllegalArgumentException("admin must not be null");
        }
        this.admin = admin;
    }

    /** {@link #CONFIGS} and {@code others}. */
    static Map<String, String> with(Map<String, String> others) {
        Map<String, String> all = new HashMap<>(others);
        all.putAll(CONFIGS);
        return Map.copyOf(all);
    }

    /** True when {@code topic} is created as a work topic: with every setting of {@link #CONFIGS}. */
    static boolean keepsWork(NewTopic topic) {
        return topic.configs() != null && topic.configs().entrySet().containsAll(CONFIGS.entrySet());
    }

    /**
     * What is wrong with the retention of the existing {@code topics}, one sentence each (empty when
     * nothing is); a broker that cannot be asked gives one sentence saying so instead of failing the start.
     */
    public List<String> check(List<String> topics) {
        if (topics.isEmpty()) {
            return List.of();
        }
        List<ConfigResource> resources = topics.stream()
                .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
        Map<ConfigResource, Config> configs;
        try {
            configs = admin.describeConfigs(resources).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return List.of("cannot check the retention of " + topics + " (" + e.getMessage() + "); make sure they"
                    + " keep unconsumed messages: retention.ms=-1, retention.bytes=-1, cleanup.policy=delete");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of("interrupted while checking the retention of " + topics);
        }
        List<String> problems = new ArrayList<>();
        for (ConfigResource resource : resources) {
            Config config = configs.get(resource);
            if (config != null) {
                problems.addAll(problems(resource.name(), config));
            }
        }
        return problems;
    }

    private static List<String> problems(String topic, Config config) {
        List<String> out = new ArrayList<>();
        long ms = number(config.get(TopicConfig.RETENTION_MS_CONFIG));
        if (ms >= 0) {
            out.add("topic " + topic + " has retention.ms=" + ms + " (" + human(ms) + "): messages not consumed"
                    + " within that are deleted, so a crawl paused longer loses work. " + fix(topic,
                    TopicConfig.RETENTION_MS_CONFIG + "=-1"));
        }
        long bytes = number(config.get(TopicConfig.RETENTION_BYTES_CONFIG));
        if (bytes >= 0) {
            out.add("topic " + topic + " has retention.bytes=" + bytes + ": a partition past that deletes its"
                    + " oldest messages, consumed or not. " + fix(topic, TopicConfig.RETENTION_BYTES_CONFIG + "=-1"));
        }
        ConfigEntry policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG);
        if (policy != null && policy.value() != null
                && policy.value().toLowerCase(Locale.ROOT).contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
            out.add("topic " + topic + " has cleanup.policy=" + policy.value() + ": compaction keeps one message"
                    + " per key (per host), so the others are lost. " + fix(topic,
                    TopicConfig.CLEANUP_POLICY_CONFIG + "=" + TopicConfig.CLEANUP_POLICY_DELETE));
        }
        return out;
    }

    private static String fix(String topic, String setting) {
        return "Set " + setting + " (kafka-configs.sh --alter --entity-type topics --entity-name " + topic
                + " --add-config " + setting + ")";
    }

    /** The numeric value of {@code entry}, or -1 when it is absent or not a number (nothing to report). */
    private static long number(ConfigEntry entry) {
        if (entry == null || entry.value() == null) {
            return -1;
        }
        try {
            return Long.parseLong(entry.value().trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String human(long ms) {
        Duration d = Duration.ofMillis(ms);
        if (d.toDays() > 0 && d.toHours() % 24 == 0) {
            return d.toDays() + (d.toDays() == 1 ? " day" : " days");
        }
        if (d.toHours() > 0 && d.toMinutes() % 60 == 0) {
            return d.toHours() + " h";
        }
        return d.toString();
    }
}
