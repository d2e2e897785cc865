package org.kcrawl.parser.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;

/** Fetched pages for tests, from fixtures under {@code src/test/resources/html} or inline HTML. */
public final class Pages {
    /** The fetch time every test page carries. */
    public static final Instant FETCHED_AT = Instant.parse("2025-01-02T03:04:05Z");

    private Pages() {}

    /** The bytes of fixture {@code name}. */
    public static byte[] fixture(String name) {
        try (InputStream in = Pages.class.getResourceAsStream("/html/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture html/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A 200 response from {@code url} at depth 1. */
    public static FetchedPage page(String url, String contentType, byte[] body) {
        return page(url, 200, contentType, body, Map.of(), 1);
    }

    /** A 200 text/html UTF-8 response with {@code html} from {@code url} at depth 1. */
    public static FetchedPage html(String url, String html) {
        return page(url, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8));
    }

    /** A response with every field chosen. */
    public static FetchedPage page(String url, int status, String contentType, byte[] body,
                                   Map<String, String> headers, int depth) {
        return new FetchedPage(SchemaVersions.CURRENT, url, url, status, headers, contentType, body, FETCHED_AT,
                42, depth, false, null);
    }

    /** A 301 from {@code url} to {@code target}. */
    public static FetchedPage redirect(String url, String target) {
        return new FetchedPage(SchemaVersions.CURRENT, url, url, 301, Map.of("location", target), "text/html",
                "<a href='/x'>moved</a>".getBytes(StandardCharsets.UTF_8), FETCHED_AT, 7, 2, false, target);
    }
}
