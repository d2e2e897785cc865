package org.kcrawl.embedded.web;

import java.nio.charset.StandardCharsets;

/**
 * What one host answers for {@code /robots.txt}: a status and a body, fixed at start-up.
 *
 * @param status the HTTP status
 * @param body the UTF-8 body, served as text/plain
 */
record RobotsFile(int status, byte[] body) {

    /** The answer for a host: the configured body with 200 unless a status overrides it; 404 when nothing is configured. */
    static RobotsFile of(String body, Integer status) {
        int code = status != null ? status : body != null ? 200 : 404;
        String text = body != null ? body : code == 200 ? "" : code + " robots.txt\n";
        return new RobotsFile(code, text.getBytes(StandardCharsets.UTF_8));
    }
}
