package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.Map;
import org.kcrawl.common.Checks;

/**
 * One record per fetched page, as carried on the records topic (keyed by url) and written to
 * {@code records.jsonl}.
 *
 * @param v schema version
 * @param url the requested URL
 * @param finalUrl the URL the body came from
 * @param status HTTP status code
 * @param depth link distance from a seed
 * @param contentType the Content-Type header, null if absent
 * @param title the document title, null if none
 * @param description the meta description, null if none
 * @param canonical the absolute canonical URL, null if none
 * @param lang the {@code <html lang>} value, null if none
 * @param links number of links found on the page
 * @param h1 the first {@code <h1>} text, null if none
 * @param textLength length of the page's visible text in characters
 * @param content the page's text, Markdown, hashes and text error ({@link RecordText}): fields of the
 *                record itself in its JSON, after {@code text_length}, each written only when present
 * @param metadata what the page states about itself ({@link RecordMetadata}): fields of the record itself
 *                 in its JSON, after the text's, each written only when stated
 * @param charset the character set used to decode the body, null when it was not decoded
 * @param redirectTo where a 3xx response pointed, null otherwise
 * @param truncated true when the record does not cover the whole page: the body was cut at the
 *                  fetcher's size cap, or extraction fields were cut to fit the record size cap (a text cut
 *                  to fit says so by {@code text_truncated})
 * @param fetchedAt when the response completed
 * @param fetchMs request duration in milliseconds
 * @param fields values of the configured extraction rules
 * @param notModified true when a recrawl asked conditionally and the server answered 304 Not Modified:
 *                    no body came and nothing was parsed. Written only when true
 */
public record PageRecord(
        @JsonProperty("v") int v,
        @JsonProperty("url") String url,
        @JsonProperty("final_url") String finalUrl,
        @JsonProperty("status") int status,
        @JsonProperty("depth") int depth,
        @JsonProperty("content_type") String contentType,
        @JsonProperty("title") String title,
        @JsonProperty("description") String description,
        @JsonProperty("canonical") String canonical,
        @JsonProperty("lang") String lang,
        @JsonProperty("links") int links,
        @JsonProperty("h1") String h1,
        @JsonProperty("text_length") int textLength,
        @JsonUnwrapped RecordText content,
        @JsonUnwrapped RecordMetadata metadata,
        @JsonProperty("charset") String charset,
        @JsonProperty("redirect_to") String redirectTo,
        @JsonProperty("truncated") boolean truncated,
        @JsonProperty("fetched_at") Instant fetchedAt,
        @JsonProperty("fetch_ms") long fetchMs,
        @JsonProperty("fields") Map<String, Object> fields,
        @JsonProperty("not_modified") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean notModified) {

    public PageRecord {
        Checks.httpUrl(url, "url");
        Checks.httpUrl(finalUrl, "final_url");
        Checks.notNegative(depth, "depth");
        Checks.notNegative(links, "links");
        Checks.notNegative(textLength, "text_length");
        Checks.notNull(fetchedAt, "fetched_at");
        Checks.notNegative(fetchMs, "fetch_ms");
        content = content == null ? RecordText.NONE : content;
        metadata = metadata == null ? RecordMetadata.NONE : metadata;
        fields = fields == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }

    /** A record without text or metadata (a 304 of a recrawl when {@code notModified}). */
    public PageRecord(int v, String url, String finalUrl, int status, int depth, String contentType, String title,
                      String description, String canonical, String lang, int links, String h1, int textLength,
                      String charset, String redirectTo, boolean truncated, Instant fetchedAt, long fetchMs,
                      Map<String, Object> fields, boolean notModified) {
        this(v, url, finalUrl, status, depth, contentType, title, description, canonical, lang, links, h1, textLength,
                RecordText.NONE, RecordMetadata.NONE, charset, redirectTo, truncated, fetchedAt, fetchMs, fields,
                notModified);
    }

    /** A record without text or metadata of a page that was parsed (or had nothing to parse): not a 304. */
    public PageRecord(int v, String url, String finalUrl, int status, int depth, String contentType, String title,
                      String description, String canonical, String lang, int links, String h1, int textLength,
                      String charset, String redirectTo, boolean truncated, Instant fetchedAt, long fetchMs,
                      Map<String, Object> fields) {
        this(v, url, finalUrl, status, depth, contentType, title, description, canonical, lang, links, h1, textLength,
                charset, redirectTo, truncated, fetchedAt, fetchMs, fields, false);
    }

    /** This record with {@code content} instead of its text (the size cap cuts it to fit). */
    public PageRecord withContent(RecordText content) {
        return new PageRecord(v, url, finalUrl, status, depth, contentType, title, description, canonical, lang, links,
                h1, textLength, content, metadata, charset, redirectTo, truncated, fetchedAt, fetchMs, fields,
                notModified);
    }

    /** This record with {@code fields} instead of its own, marked {@code truncated} (the size cap cut them). */
    public PageRecord withCutFields(Map<String, Object> fields) {
        return new PageRecord(v, url, finalUrl, status, depth, contentType, title, description, canonical, lang, links,
                h1, textLength, content, metadata, charset, redirectTo, true, fetchedAt, fetchMs, fields, notModified);
    }
}
