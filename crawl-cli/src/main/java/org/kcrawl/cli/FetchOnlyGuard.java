package org.kcrawl.cli;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Refuses a fetch-only crawl under a crawl name whose pages parsers read. A parser of that name (a
 * deployment on the cluster, or an earlier full crawl in the same {@code --data-dir}) would parse
 * the fetched pages and follow their links, so the crawl would not be fetch-only. A crawl name no
 * parser has ever committed in is safe on any cluster; a later full crawl under it parses what this
 * one fetched, which is a coherent continuation.
 */
final class FetchOnlyGuard {
    private static final long TIMEOUT_SECONDS = 30;

    private FetchOnlyGuard() {}

    /** Throws a {@link UsageException} when the parser group of {@code topics} has members or offsets. */
    static void check(Admin admin, CrawlTopics topics) {
        String group = topics.parserGroup();
        int members = members(admin, group);
        boolean committed = hasCommitted(admin, group);
        if (members > 0 || committed) {
            throw new UsageException("--fetch-only: parsers read the pages of crawl '" + topics.crawlName()
                    + "' (consumer group " + group + " has "
                    + (members > 0 ? members + " active member(s)" : "committed offsets")
                    + "); they would parse the fetched pages and follow their links. Choose a --crawl-name "
                    + "that no parser uses");
        }
    }

    private static int members(Admin admin, String group) {
        try {
            ConsumerGroupDescription description = admin.describeConsumerGroups(List.of(group)).describedGroups()
                    .get(group).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return description.members().size();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return 0;
            }
            throw failed(group, e);
        } catch (TimeoutException e) {
            throw failed(group, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing consumer group " + group, e);
        }
    }

    private static boolean hasCommitted(Admin admin, String group) {
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            // A partition the group never committed in may be listed with a null offset.
            return offsets.values().stream().anyMatch(Objects::nonNull);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return false;
            }
            throw failed(group, e);
        } catch (TimeoutException e) {
            throw failed(group, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing offsets of consumer group " + group, e);
        }
    }

    private static IllegalStateException failed(String group, Exception e) {
        return new IllegalStateException("cannot check consumer group " + group + ": " + e, e);
    }
}
