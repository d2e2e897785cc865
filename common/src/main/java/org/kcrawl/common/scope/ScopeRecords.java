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

/**
 * Records of the crawl's scope topic, keyed by site so compaction keeps one per site; a seed (or a seed's
 * redirect target) below its site's root is keyed by its directory too, so compaction keeps one per
 * directory, which a crawl that stays under its seeds' directories ({@link SeedDirectoryFilter}) needs.
 */
public final class ScopeRecords {
    private ScopeRecords() {}

    /** The record of {@code site} on {@code topics}' scope topic. */
    public static ProducerRecord<String, byte[]> of(CrawlTopics topics, ScopeSite site) {
        return new ProducerRecord<>(topics.scope(), key(site), MessageCodec.get().encode(site));
    }

    /** The key of {@code site}'s record: the site, or the site and the directory of its URL below the root. */
    static String key(ScopeSite site) {
        return CrawlSites.atRoot(site.url()) ? site.site() : site.site() + directory(site.url());
    }

    private static String directory(String url) {
        String key = CrawlSites.directoryKey(url);
        return key.substring(key.indexOf('/'));
    }

    /**
     * What submitting {@code seeds} (absolute http(s) URLs) brings into the crawl's scope: one entry per
     * distinct {@link #key}, naming its first seed: one per site for seeds at their site's root, one per
     * directory for the others (the directories matter to a crawl that stays under its seeds).
     */
    public static List<ScopeSite> seedSites(List<String> seeds, Instant now) {
        Map<String, ScopeSite> firstSeedByKey = new LinkedHashMap<>();
        for (String seed : seeds) {
            ScopeSite entry = ScopeSite.seed(SiteKey.of(seed), seed, now);
            firstSeedByKey.putIfAbsent(key(entry), entry);
        }
        return new ArrayList<>(firstSeedByKey.values());
    }
}
