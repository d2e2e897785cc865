package org.kcrawl.parser.content.meta;

import java.util.List;

/**
 * What a page states about itself, each field null (keywords empty) when the page does not state it;
 * see {@link MetadataCollector} for where each comes from and in which order of precedence.
 *
 * @param author the author's name, or the authors' names separated by ", "
 * @param published when the page was first published, ISO 8601 (a date, or a date-time to the second,
 *                  with its offset when the page stated one)
 * @param modified when it was last modified, as {@code published}
 * @param siteName the name of the site the page belongs to
 * @param image the page's representative image, an absolute http(s) URL
 * @param type what the page is: {@code article}, {@code product}, {@code website}, {@code video},
 *             {@code profile}, ... (OpenGraph's {@code og:type} vocabulary where it has a word)
 * @param keywords the page's keywords or tags, in the order stated, without repeats
 */
public record PageMetadata(String author, String published, String modified, String siteName, String image,
                           String type, List<String> keywords) {
    /** A page that states nothing. */
    public static final PageMetadata EMPTY = new PageMetadata(null, null, null, null, null, null, List.of());

    public PageMetadata {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
    }

    /** True when the page stated none of the fields. */
    public boolean isEmpty() {
        return equals(EMPTY);
    }
}
