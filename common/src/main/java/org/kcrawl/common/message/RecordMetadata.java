package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.kcrawl.common.Checks;

/**
 * What a page states about itself, as its record carries it after the text fields; each field is left
 * out of the JSON when the page does not state it (null, no keywords, no pages), so a record without
 * metadata reads as before.
 *
 * @param author the author's name, or the authors' names separated by ", "
 * @param published when the page or document was first published, ISO 8601
 * @param modified when it was last modified, ISO 8601
 * @param siteName the name of the site the page belongs to
 * @param image the page's representative image, an absolute URL
 * @param type what the page is: {@code article}, {@code product}, {@code website}, ...
 * @param keywords the page's keywords or tags, in the order stated
 * @param pages a PDF's number of pages; 0 (left out) for other pages and PDFs that could not be opened
 */
public record RecordMetadata(
        @JsonProperty("author") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String author,
        @JsonProperty("published") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String published,
        @JsonProperty("modified") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String modified,
        @JsonProperty("site_name") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String siteName,
        @JsonProperty("image") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String image,
        @JsonProperty("type") @JsonInclude(JsonInclude.Include.NON_DEFAULT) String type,
        @JsonProperty("keywords") @JsonInclude(JsonInclude.Include.NON_DEFAULT) List<String> keywords,
        @JsonProperty("pages") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int pages) {

    /** Nothing stated. */
    public static final RecordMetadata NONE = new RecordMetadata(null, null, null, null, null, null, List.of(), 0);

    public RecordMetadata {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        Checks.notNegative(pages, "pages");
    }
}
