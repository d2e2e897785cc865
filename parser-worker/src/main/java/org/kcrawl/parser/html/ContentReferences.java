package org.kcrawl.parser.html;

import java.util.Locale;
import java.util.function.UnaryOperator;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * Where the links and images of a page's Markdown point: a reference as written, resolved against the
 * page's base and normalized as the page's links are ({@link LinkExtractor#resolve}), so the Markdown
 * shows the URLs the crawl itself would fetch, with the fragment the reference names put back (the
 * normalizing drops it, and a link to a function's entry or a section's heading would point at the top of
 * its page, a permalink at the page itself). A {@code mailto:} or {@code tel:} reference is kept as
 * written (it names no page, and a reader still wants it); any other scheme ({@code javascript:},
 * {@code data:}, {@code ftp:}) and a reference that cannot be resolved give null, and the Markdown drops it.
 */
final class ContentReferences implements UnaryOperator<String> {
    private final LinkExtractor links;
    private final String baseUri;

    /** References of the page whose base URL (its first {@code <base href>}, else its own URL) is {@code baseUri}. */
    ContentReferences(LinkExtractor links, String baseUri) {
        this.links = links;
        this.baseUri = baseUri;
    }

    @Override
    public String apply(String reference) {
        if (reference == null || reference.isBlank()) {
            return null;
        }
        String ref = reference.strip();
        String scheme = scheme(ref);
        if (scheme != null && (scheme.equals("mailto") || scheme.equals("tel"))) {
            return ref;
        }
        if (scheme != null && !scheme.equals("http") && !scheme.equals("https")) {
            return null;
        }
        String resolved;
        try {
            resolved = links.resolve(baseUri, ref);
        } catch (InvalidUrlException e) {
            return null;
        }
        int hash = ref.indexOf('#');
        return hash < 0 || hash == ref.length() - 1 ? resolved : resolved + ref.substring(hash);
    }

    /** The scheme of {@code ref} in lower case ({@code "https"}), or null when it is relative. */
    static String scheme(String ref) {
        for (int i = 0; i < ref.length(); i++) {
            char c = ref.charAt(i);
            if (c == ':') {
                return i == 0 ? null : ref.substring(0, i).toLowerCase(Locale.ROOT);
            }
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (!letter && (i == 0 || !((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))) {
                return null; // a path, query or fragment began first: relative
            }
        }
        return null;
    }
}
