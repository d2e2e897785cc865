package org.kcrawl.parser.content.eval;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The deterministic halves of every set: a page is in {@link #DEV} (tune on it) or {@link #HOLDOUT} (report
 * on it, never tune on it) by the lowest bit of the first byte of SHA-256 over {@code set + "/" + id}. The
 * split depends on nothing but the page's name, so it is the same on every machine and for every extractor,
 * and adding pages to a set never moves the others.
 */
public enum Split {
    DEV, HOLDOUT;

    /** The half a page belongs to. */
    public static Split of(String set, String id) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((set + "/" + id).getBytes(StandardCharsets.UTF_8));
            return (digest[0] & 1) == 0 ? DEV : HOLDOUT;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The name used on the command line and in reports. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
