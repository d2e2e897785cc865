package org.kcrawl.parser.html;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Whether a fetched HTML page looks built by its scripts (a single-page application's shell), so that
 * only a browser would see its text and links: {@code render_auto} sends such pages to the render
 * workers.
 *
 * <p>A page is a shell when it has little visible text ({@link #MAX_TEXT} characters, a {@code <noscript>}
 * notice included) and at least one script, and either
 * <ul>
 *   <li>an empty element the common frameworks mount on: {@code id} root, app, __next, __nuxt,
 *       ___gatsby, svelte and the like, or Angular's {@code <app-root>} / {@code ng-app};</li>
 *   <li>a {@code <noscript>} asking for JavaScript; or</li>
 *   <li>no link and next to no text at all: nothing but scripts.</li>
 * </ul>
 * Pages with real text are never taken for shells, however many scripts they carry: server-rendered pages
 * that hydrate (Next.js, Nuxt with SSR) and documentation with search scripts are parsed as fetched.
 * It errs on shells that carry a few hundred characters of boilerplate (cookie banners, long
 * {@code <noscript>} pages), which are parsed as fetched, and on tiny script-heavy pages with a mount
 * point but nothing to build (rendered for nothing, once). Cheap: the body is scanned only when the
 * page's text is short, which most pages' is not.
 */
public final class ScriptShell {
    /** Visible characters above which a page is taken as it is. */
    public static final int MAX_TEXT = 200;
    /** Bytes of the body scanned for scripts and mount points. */
    private static final int SCAN_BYTES = 256 * 1024;
    private static final Pattern SCRIPT = Pattern.compile("<script\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern MOUNT = Pattern.compile(
            "<(div|main|section|span)\\b[^>]*?\\bid\\s*=\\s*[\"']?(root|app|__next|__nuxt|___gatsby|svelte"
                    + "|application|main-app|react-root|app-root|vue-app|ember-app|mount|spa-root)(?=[\"'\\s/>])"
                    + "[^>]*>\\s*(<!--[^>]*-->\\s*)*</\\1\\s*>"
                    + "|<app-root\\b|\\bng-app\\b|\\bdata-reactroot\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NOSCRIPT_JS = Pattern.compile(
            "<noscript\\b[^>]*>[^<]{0,300}?\\b(enable|requires?|needs?|turn on|activate)\\b[^<]{0,60}?javascript",
            Pattern.CASE_INSENSITIVE);

    private ScriptShell() {}

    /** True when the HTML page {@code body}, parsed as {@code parsed}, looks like a script-built shell. */
    public static boolean looksScriptBuilt(byte[] body, ParsedPage parsed) {
        if (parsed.kind() != ParsedPage.Kind.HTML || parsed.textLength() >= MAX_TEXT) {
            return false;
        }
        // Tags and attribute names are ASCII in every charset a page may use: a byte-per-char view is enough.
        String html = new String(body, 0, Math.min(body.length, SCAN_BYTES), StandardCharsets.ISO_8859_1);
        if (!SCRIPT.matcher(html).find()) {
            return false;
        }
        return MOUNT.matcher(html).find() || NOSCRIPT_JS.matcher(html).find()
                || parsed.links().isEmpty() && parsed.textLength() < 20;
    }
}
