package org.kcrawl.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Duration;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.config.SharedSettings;
import org.kcrawl.common.kafka.Delivery;
import org.kcrawl.common.scope.ScopeConfig;

/**
 * The {@code crawl:} section of the crawl command's {@code --config} file: the settings every worker of the
 * crawl shares ({@link SharedSettings}), bound once and handed to each worker, so the workers of a crawl cannot
 * disagree on its name, its topics, how it commits, how far redirects go or what is in scope.
 */
record CrawlSection(
        @JsonProperty("crawl_name") String crawlName,
        @JsonProperty("bootstrap_servers") String bootstrapServers,
        @JsonProperty("partitions") int partitions,
        @JsonProperty("replication") short replication,
        @JsonProperty("metrics_port") int metricsPort,
        @JsonProperty("drain_timeout") Duration drainTimeout,
        @JsonProperty("delivery") Delivery delivery,
        @JsonProperty("max_redirect_hops") int maxRedirectHops,
        @JsonProperty("max_refresh_delay") Duration maxRefreshDelay,
        @JsonUnwrapped ScopeConfig scopeConfig) {

    /** The section's settings: each one's key, type, default, bound and doc. */
    public static final SettingList SETTINGS = SettingList.of("crawl", SharedSettings.KAFKA, SharedSettings.DELIVERY,
            SharedSettings.REDIRECTS, SharedSettings.SCOPE);

    /** The section's name in the file. */
    static final String NAME = "crawl";

    /** The declared defaults. */
    static CrawlSection defaults() {
        return ConfigBinder.declaredDefaults(CrawlSection.class);
    }
}
