package org.kcrawl.common.redirect;

import java.time.Duration;
import java.util.function.BiFunction;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeFollower;
import org.kcrawl.common.scope.ScopeSettings;
import org.kcrawl.common.topic.CrawlTopics;

/** Builds a worker whose redirect rules judge targets by the crawl's scope as the scope topic says it grows. */
public final class FollowedScope {
    private FollowedScope() {}

    /**
     * Follows {@code topics}' scope topic (as {@code clientId}) from now on and gives {@code create} the redirect
     * rules over it ({@code scope}, {@code maxRedirectHops}, {@code maxRefreshDelay}) and the follower, which
     * the worker it builds owns and closes. Throws {@link IllegalStateException} when the scope topic cannot be
     * read; the follower is closed when {@code create} throws.
     */
    public static <W> W build(KafkaClients clients, CrawlTopics topics, String clientId, ScopeSettings scope,
                              int maxRedirectHops, Duration maxRefreshDelay,
                              BiFunction<RedirectRules, ScopeFollower, W> create) {
        CrawlSites sites = new CrawlSites();
        ScopeFollower follower = ScopeFollower.start(clients, topics, clientId, sites, site -> { },
                ScopeFollower.DEFAULT_TIMEOUT);
        try {
            RedirectRules redirects = new RedirectRules(RedirectRules.defaults(maxRedirectHops).normalizer(),
                    RedirectScope.of(scope, sites), maxRedirectHops, maxRefreshDelay);
            return create.apply(redirects, follower);
        } catch (RuntimeException e) {
            follower.close();
            throw e;
        }
    }
}
