package org.kcrawl.testkit.kafka;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Makes crawl names that are unique per call, so every test gets topics and consumer groups of its own on
 * a shared broker. A name is {@code prefix-run-n}: the prefix cleaned to letters, digits and dashes,
 * a random token of this run (so reruns against a long-lived broker do not collide), and a counter.
 */
final class CrawlNames {
    /** Room for the suffixes and for the longest topic suffix within Kafka's 249-character topic limit. */
    static final int MAX_PREFIX_LENGTH = 60;

    private final String runToken;
    private final AtomicLong counter = new AtomicLong();

    CrawlNames(String runToken) {
        if (runToken == null || !runToken.matches("[a-z0-9]{1,12}")) {
            throw new IllegalArgumentException("runToken must be 1-12 of [a-z0-9] but was '" + runToken + "'");
        }
        this.runToken = runToken;
    }

    /** Names with a random run token. */
    static CrawlNames random() {
        return new CrawlNames(Long.toString(new SecureRandom().nextInt(Integer.MAX_VALUE), 36));
    }

    /**
     * A new crawl name starting with {@code prefix}. Characters outside {@code [a-zA-Z0-9-]} become dashes:
     * Kafka reports topics that differ only in '.' versus '_' as colliding metric names, and the crawl's
     * own topic suffixes already use dots.
     */
    String next(String prefix) {
        if (prefix == null) {
            throw new IllegalArgumentException("prefix must not be null");
        }
        String cleaned = prefix.replaceAll("[^a-zA-Z0-9-]", "-");
        if (cleaned.length() > MAX_PREFIX_LENGTH) {
            cleaned = cleaned.substring(0, MAX_PREFIX_LENGTH);
        }
        if (cleaned.isEmpty()) {
            cleaned = "crawl";
        }
        String name = cleaned + "-" + runToken + "-" + counter.incrementAndGet();
        return new CrawlTopics(name).crawlName();
    }
}
