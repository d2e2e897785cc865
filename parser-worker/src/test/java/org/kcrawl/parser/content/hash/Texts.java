package org.kcrawl.parser.content.hash;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The real texts of {@code src/test/resources/hash} and the edits the tests make to them. */
public final class Texts {
    /** The last paragraph SQLite's pages end with, as two of its pages state it. */
    static final String FOOTER_A = "This page last modified on 2022-01-08 05:02:57 UTC";
    static final String FOOTER_B = "This page last modified on 2023-11-24 12:43:09 UTC";

    private Texts() {}

    public static String fixture(String name) {
        try (InputStream in = Texts.class.getResourceAsStream("/hash/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture hash/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code text} with the sentence that begins {@code sentenceStart} replaced by {@code replacement}. */
    static String replaceSentence(String text, String sentenceStart, String replacement) {
        int from = text.indexOf(sentenceStart);
        if (from < 0) {
            throw new IllegalArgumentException("no sentence '" + sentenceStart + "'");
        }
        int to = text.indexOf(". ", from) + 1;
        return text.substring(0, from) + replacement + text.substring(to);
    }
}
