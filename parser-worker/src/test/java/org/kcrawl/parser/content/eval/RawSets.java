package org.kcrawl.parser.content.eval;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

/**
 * Reads each collection in the layout of its public distribution and turns its human-made annotation into a
 * reference body (eval/README.md says where each comes from and what its reference keeps).
 */
final class RawSets {
    private static final Pattern TEXT_WRAPPER_OPEN = Pattern.compile("\\A\\s*<text\\b([^>]*)>", Pattern.CASE_INSENSITIVE);
    private static final Pattern TEXT_WRAPPER_CLOSE = Pattern.compile("</text>\\s*\\z", Pattern.CASE_INSENSITIVE);
    private static final Pattern WRAPPER_URL = Pattern.compile("\\bid=\"([^\"]*)\"");
    private static final Pattern GOLD_URL_LINE = Pattern.compile("\\A\\s*URL:\\s*(\\S*)[^\\n]*\\n?");
    private static final Pattern GOLD_MARKER = Pattern.compile("<\\s*[phl]\\s*>", Pattern.CASE_INSENSITIVE);
    /**
     * Dragnet's line between an article and its comments, as its annotators typed it: "!@#$%^&*()  COMMENTS" in 394
     * of its files, and with one or three spaces, a tab, a symbol missing or doubled in 22 more.
     */
    private static final Pattern DRAGNET_COMMENTS = Pattern.compile("(?m)^[!@#$%^&*() \\t]{6,}COMMENTS[ \\t\\r]*$");
    private static final Pattern L3S_URL = Pattern.compile("<urn:uuid:([0-9a-f-]+)>\\s+(\\S+)");
    /** L3S-GN1 classes kept: headline, full text, supplemental (captions); not related content or comments. */
    private static final String L3S_CONTENT = "span.x-nc-sel1, span.x-nc-sel2, span.x-nc-sel3";
    /** Readability's test pages below this size are made-up unit cases (a few lines of markup), not real pages. */
    static final int READABILITY_MIN_SOURCE_BYTES = 4096;
    static final String READABILITY_URL = "http://fakehost/test/page.html";

    private RawSets() {}

    /**
     * CleanEval (and CleanPortalEval, which copies its format): {@code input/N.html} wrapped in a
     * {@code <text id="URL" ...>} element, {@code GoldStandard/N.txt} with a {@code URL:} line and
     * {@code <p>}, {@code <h>}, {@code <l>} block markers. A directory holding several such trees (dev and final)
     * gives ids prefixed with the tree's name.
     */
    static List<EvalPage> cleanEval(String set, Path raw) throws IOException {
        List<EvalPage> pages = new ArrayList<>();
        for (Path tree : trees(raw, "GoldStandard")) {
            String prefix = tree.equals(raw) ? "" : tree.getFileName() + "-";
            for (Path gold : files(tree.resolve("GoldStandard"), ".txt")) {
                String name = stem(gold);
                Path input = tree.resolve("input").resolve(name + ".html");
                if (!Files.exists(input)) {
                    continue;
                }
                String html = RawText.html(Files.readAllBytes(input));
                String url = null;
                Matcher open = TEXT_WRAPPER_OPEN.matcher(html);
                if (open.find()) {
                    Matcher id = WRAPPER_URL.matcher(open.group(1));
                    url = id.find() ? id.group(1) : null;
                    html = TEXT_WRAPPER_CLOSE.matcher(html.substring(open.end())).replaceFirst("");
                }
                String reference = RawText.plain(Files.readAllBytes(gold));
                Matcher urlLine = GOLD_URL_LINE.matcher(reference);
                if (urlLine.find()) {
                    url = url != null && !url.isBlank() ? url : urlLine.group(1);
                    reference = reference.substring(urlLine.end());
                }
                reference = Parser.unescapeEntities(GOLD_MARKER.matcher(reference).replaceAll("\n"), false);
                pages.add(new EvalPage(set, prefix + name, blankToNull(url), html, paragraphs(reference)));
            }
        }
        return pages;
    }

    /**
     * Dragnet: {@code input/X.html} (or {@code HTML/X.html}) and {@code GoldStandard/X.txt} (or
     * {@code Corrected/X.html.corrected.txt}); the reference is the article, the part before the
     * {@code COMMENTS} separator (comments are boilerplate for kcrawl's purpose).
     */
    static List<EvalPage> dragnet(String set, Path raw) throws IOException {
        boolean original = Files.isDirectory(raw.resolve("Corrected"));
        Path golds = raw.resolve(original ? "Corrected" : "GoldStandard");
        Path inputs = raw.resolve(original ? "HTML" : "input");
        List<EvalPage> pages = new ArrayList<>();
        for (Path gold : files(golds, ".txt")) {
            String name = gold.getFileName().toString().replaceFirst("(\\.html)?(\\.corrected)?\\.txt$", "");
            Path input = inputs.resolve(name + ".html");
            if (!Files.exists(input)) {
                continue;
            }
            String reference = RawText.plain(Files.readAllBytes(gold));
            Matcher comments = DRAGNET_COMMENTS.matcher(reference);
            if (comments.find()) {
                reference = reference.substring(0, comments.start());
            }
            pages.add(new EvalPage(set, name, null, RawText.html(Files.readAllBytes(input)), paragraphs(reference)));
        }
        return pages;
    }

    /**
     * L3S-GN1: {@code original/UUID.html}, {@code annotated/UUID.html} with text blocks in
     * {@code span.x-nc-selN} (N = 1 headline, 2 full text, 3 supplemental, 4 related, 5 comments, 0 none), URLs
     * in {@code url-mapping.txt}. The reference is the text of the outermost headline, full-text and
     * supplemental spans, as the WCEB's conversion takes it.
     */
    static List<EvalPage> l3s(String set, Path raw) throws IOException {
        Map<String, String> urls = new HashMap<>();
        Path mapping = raw.resolve("url-mapping.txt");
        if (Files.exists(mapping)) {
            Matcher m = L3S_URL.matcher(Files.readString(mapping, java.nio.charset.StandardCharsets.ISO_8859_1));
            while (m.find()) {
                urls.put(m.group(1), m.group(2));
            }
        }
        List<EvalPage> pages = new ArrayList<>();
        for (Path annotated : files(raw.resolve("annotated"), ".html")) {
            String name = stem(annotated);
            Path input = raw.resolve("original").resolve(name + ".html");
            if (!Files.exists(input)) {
                continue;
            }
            Document doc = Jsoup.parse(RawText.html(Files.readAllBytes(annotated)));
            StringBuilder reference = new StringBuilder();
            for (Element span : doc.select(L3S_CONTENT)) {
                if (span.parents().stream().noneMatch(p -> p.is(L3S_CONTENT))) {
                    reference.append(span.text()).append('\n');
                }
            }
            pages.add(new EvalPage(set, name, urls.get(name), RawText.html(Files.readAllBytes(input)),
                    paragraphs(reference.toString())));
        }
        return pages;
    }

    /**
     * Readability.js's test pages: {@code test-pages/CASE/source.html} and {@code expected.html}, the article
     * as Readability's maintainers accept it; the reference is the expected page's text. Made-up unit cases
     * (under {@link #READABILITY_MIN_SOURCE_BYTES}) are left out.
     */
    static List<EvalPage> readability(String set, Path raw) throws IOException {
        Path root = Files.isDirectory(raw.resolve("test-pages")) ? raw.resolve("test-pages") : raw;
        List<EvalPage> pages = new ArrayList<>();
        try (Stream<Path> cases = Files.list(root)) {
            for (Path dir : cases.filter(Files::isDirectory).sorted().toList()) {
                Path source = dir.resolve("source.html");
                Path expected = dir.resolve("expected.html");
                if (!Files.exists(source) || !Files.exists(expected)
                        || Files.size(source) < READABILITY_MIN_SOURCE_BYTES) {
                    continue;
                }
                String reference = Jsoup.parse(RawText.html(Files.readAllBytes(expected))).body().text();
                pages.add(new EvalPage(set, dir.getFileName().toString(), READABILITY_URL,
                        RawText.html(Files.readAllBytes(source)), reference));
            }
        }
        return pages;
    }

    /** Lines trimmed and inner runs of spaces collapsed, empty lines dropped: paragraphs one a line. */
    static String paragraphs(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\\R")) {
            String l = line.replaceAll("[\\s\\u00a0]+", " ").strip();
            if (!l.isEmpty()) {
                sb.append(l).append('\n');
            }
        }
        return sb.toString().strip();
    }

    private static List<Path> trees(Path raw, String marker) throws IOException {
        if (Files.isDirectory(raw.resolve(marker))) {
            return List.of(raw);
        }
        try (Stream<Path> dirs = Files.list(raw)) {
            return dirs.filter(d -> Files.isDirectory(d.resolve(marker))).sorted().toList();
        }
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? n : n.substring(0, dot);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
