package org.kcrawl.parser.content.eval;

import java.nio.charset.StandardCharsets;

/**
 * One page of an evaluation set: its HTML (stored decoded, handed to extractors as UTF-8 bytes with UTF-8
 * as the declared charset, as a server that states its charset would), its URL where the set records one,
 * and the human-made reference body.
 */
public record EvalPage(String set, String id, String url, String html, String reference) {
    /** The page as the crawler's parser sees it: bytes in {@link #declaredCharset()}. */
    public byte[] htmlBytes() {
        return html.getBytes(StandardCharsets.UTF_8);
    }

    /** The charset the response is taken to declare (a {@code Content-Type} header's). */
    public String declaredCharset() {
        return "UTF-8";
    }

    /** Which half of its set the page belongs to. */
    public Split split() {
        return Split.of(set, id);
    }
}
