package org.kcrawl.http.client;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** How a new connection picks its proxy among those configured and not cooling down. */
public enum ProxyMode {
    /**
     * Each host keeps one proxy (by rendezvous hashing of the host name over the proxies), so a site
     * sees the crawl from one address; while that proxy cools down its hosts move to their next choice,
     * and come back when it returns. Other hosts never move.
     */
    STICKY,
    /** Proxies in turn, one new connection each. */
    ROUND_ROBIN;

    /** The lower-case name used in configuration: {@code sticky}, {@code round_robin}. */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire name, any case; throws naming the accepted values otherwise. */
    @JsonCreator
    public static ProxyMode fromWireName(String name) {
        for (ProxyMode m : values()) {
            if (m.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("proxy_mode must be one of "
                + Arrays.stream(values()).map(ProxyMode::wireName).toList() + " but was '" + name + "'");
    }
}
