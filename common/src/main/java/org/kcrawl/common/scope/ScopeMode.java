package org.kcrawl.common.scope;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** How far from the page it was found on a link (or a redirect) may lead; see {@link SiteScope}. */
public enum ScopeMode {
    /**
     * The same host as the source page (and the same port when either uses a non-default one), or one
     * of the crawl's sites. By induction from the seeds, the crawl stays on the seeds' hosts and the
     * hosts seeds moved to.
     */
    HOST,
    /** The same registered domain (public-suffix aware: {@code a.example.co.uk} and {@code b.example.co.uk}). */
    DOMAIN,
    /** Anywhere. */
    ANY;

    /** The lower-case name used in configuration and on the command line. */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code host}, {@code domain} or {@code any}; throws naming the accepted values otherwise. */
    @JsonCreator
    public static ScopeMode fromWireName(String name) {
        for (ScopeMode m : values()) {
            if (m.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("scope must be one of "
                + Arrays.stream(values()).map(ScopeMode::wireName).toList() + " but was '" + name + "'");
    }
}
