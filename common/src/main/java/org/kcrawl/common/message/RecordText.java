package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

/**
 * What a record carries of its page's text, written among the record's own fields (after
 * {@code text_length}); each field is left out of the JSON when it is null or false, so a record without
 * text ({@code content: none}, a redirect, a 304, a page that is not HTML or PDF) reads as before.
 *
 * @param text the page's main content (or all its visible text, or a PDF's text) as plain text, paragraphs
 *             separated by a blank line; null when there is none
 * @param textTruncated true when {@code text} or {@code markdown} was cut: at {@code max_text_chars}, or to
 *                      keep the record within the records topic's message size
 * @param markdown the same content as CommonMark, when asked for ({@code markdown: true})
 * @param textHash exact-duplicate hash of the normalized text (32 hex digits)
 * @param simhash near-duplicate fingerprint of the text (16 hex digits)
 * @param textError why the text is absent or incomplete: {@code noindex} (the page asked not to be indexed),
 *                  or a PDF's reason ({@code encrypted}, {@code damaged}, {@code truncated}, {@code too_large},
 *                  {@code time_budget}, {@code no_text}); null otherwise
 */
public record RecordText(
        @JsonProperty("text") @JsonInclude(JsonInclude.Include.NON_DEFAULT)
        @JsonSerialize(using = LongTextSerializer.class) String text,
        @JsonProperty("text_truncated") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean textTruncated,
        @JsonProperty("markdown") @JsonInclude(JsonInclude.Include.NON_DEFAULT)
        @JsonSerialize(using = LongTextSerializer.class) String markdown,
        @JsonProperty("text_hash") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String textHash,
        @JsonProperty("simhash") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String simhash,
        @JsonProperty("text_error") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String textError) {

    /** No text: what records without content carry. */
    public static final RecordText NONE = new RecordText(null, false, null, null, null, null);

    /** This text with {@code text} and {@code markdown} as given (cut to fit), marked as truncated. */
    public RecordText cut(String text, String markdown) {
        return new RecordText(text, true, markdown, textHash, simhash, textError);
    }
}
