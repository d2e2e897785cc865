package org.kcrawl.render.page;

import java.util.Locale;

/** Why the worker refused a request a rendered page made; a bounded set, used as a metric tag. */
public enum Refusal {
    /** Not a GET or HEAD: a crawler changes nothing on the sites it reads. */
    METHOD,
    /** A kind of request the page may not make ({@code render_resource_types}: images, media, fonts, ...). */
    RESOURCE_TYPE,
    /** To a host outside {@code render_scope} (a third party). */
    THIRD_PARTY,
    /** Past the page's request or byte cap ({@code render_max_requests}, {@code render_max_bytes}). */
    CAP,
    /** Not http or https. */
    SCHEME,
    /** The main frame going elsewhere (a script setting {@code location}): taken as the page's redirect. */
    NAVIGATION,
    /** Fetched, and the fetch failed or was refused by the address guard (loopback, private, metadata). */
    FETCH_FAILED;

    /** The lower-case tag value. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
