package org.kcrawl.parser.content.eval;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes the files of the original distributions, which carry no HTTP headers and mix encodings: a byte
 * order mark wins, then strict UTF-8, then the charset a {@code <meta>} in the first 4 KiB names, then
 * windows-1252 (which decodes any byte).
 */
final class RawText {
    private static final Pattern META_CHARSET =
            Pattern.compile("<meta[^>]+charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9_.:-]+)", Pattern.CASE_INSENSITIVE);
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    private RawText() {}

    /** An HTML file's text. */
    static String html(byte[] bytes) {
        return decode(bytes, true);
    }

    /** A plain-text reference file's text (no {@code <meta>} to consult). */
    static String plain(byte[] bytes) {
        return decode(bytes, false);
    }

    private static String decode(byte[] bytes, boolean html) {
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
            return new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
        }
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe) {
            return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE);
        }
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff) {
            return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notUtf8) {
            Charset declared = html ? metaCharset(bytes) : null;
            return new String(bytes, declared != null ? declared : WINDOWS_1252);
        }
    }

    private static Charset metaCharset(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
        Matcher m = META_CHARSET.matcher(head);
        if (!m.find()) {
            return null;
        }
        String name = m.group(1);
        try {
            Charset cs = Charset.forName(name);
            // A page that says UTF-8 but is not (we are here because strict UTF-8 failed) is windows-1252 at heart.
            return cs.equals(StandardCharsets.UTF_8) || cs.equals(StandardCharsets.ISO_8859_1) ? null : cs;
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
    }
}
