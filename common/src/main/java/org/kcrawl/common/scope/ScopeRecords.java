package org.kcrawl.common.scope;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.topic.CrawlTopics;

/** Records of the crawl's scope topic, keyed by site so compaction keeps one per site. */
public final class ScopeRecords {
    private ScopeRecords() {}

    /** The record of {@code site} on {@code topics}' scope topic. */
    public static ProducerRecord<String, byte[]> of(CrawlTopics topics, ScopeSite site) {
        return new ProducerRecord<>(topics.scope(), site.site(), MessageCodec.get().encode(site));
    }

    /**
     * What submitting {@code seeds} (absolute http(s) URLs) brings into the crawl's scope: one entry per
     * distinct site, naming its first seed.
     */
    public static List<ScopeSite> seedSites(List<String> seeds, Instant now) {
        Map<String, String> firstSeedBySite = new LinkedHashMap<>();
        for (String seed : seeds) {
            firstSeedBySite.putIfAbsent(SiteKey.of(seed), seed);
        }
        List<ScopeSite> out = new ArrayList<>(firstSeedBySite.size());
        firstSeedBySite.forEach((site, seed) -> out.add(ScopeSite.seed(site, seed, now)));
        return out;
    }
}
