package org.kcrawl.embedded.web;

/**
 * Writes a {@link Link} the two ways the synthetic web needs it: as the href attribute a page
 * carries, and as the absolute, fragment-free URL a correct crawler resolves it to.
 */
final class LinkSpeller {
    /** The never-resolvable host (RFC 2606 reserves {@code .invalid}) external links point to. */
    static final String EXTERNAL_HOST = "external.invalid";

    private final UrlLayout layout;

    LinkSpeller(UrlLayout layout) {
        this.layout = layout;
    }

    /** Appends the href as written on page {@code fromPage} of host {@code fromHost}. */
    StringBuilder appendHref(StringBuilder sb, int fromHost, int fromPage, Link link) {
        switch (link.form()) {
            case ROOT_RELATIVE -> UrlLayout.appendPath(sb, link.targetPage());
            case PATH_RELATIVE -> appendPathRelative(sb, fromPage, link.targetPage());
            case ABSOLUTE -> UrlLayout.appendPath(sb.append(layout.origin(link.targetHost())), link.targetPage());
            case EXTERNAL -> appendExternal(sb, fromHost, fromPage, link.targetPage());
        }
        if (link.fragment() > 0) {
            sb.append("#section-").append(link.fragment());
        }
        return sb;
    }

    /** The absolute, normalized target: a page URL as in {@link SiteGraph#pages()}, or the external URL. */
    String target(int fromHost, int fromPage, Link link) {
        if (link.external()) {
            return appendExternal(new StringBuilder(48), fromHost, fromPage, link.targetPage()).toString();
        }
        return layout.pageUrl(link.targetHost(), link.targetPage());
    }

    // Pages other than the root live one directory down (/p/N), so their relative links climb first.
    private static void appendPathRelative(StringBuilder sb, int fromPage, int targetPage) {
        if (fromPage == 0) {
            if (targetPage == 0) {
                sb.append("./");
            } else {
                sb.append("p/").append(targetPage);
            }
        } else if (targetPage == 0) {
            sb.append("../");
        } else {
            sb.append("../p/").append(targetPage);
        }
    }

    private static StringBuilder appendExternal(StringBuilder sb, int fromHost, int fromPage, int ordinal) {
        return sb.append(ordinal % 2 == 0 ? "http://" : "https://").append(EXTERNAL_HOST)
                .append("/h").append(fromHost).append("/p").append(fromPage).append('/').append(ordinal);
    }
}
