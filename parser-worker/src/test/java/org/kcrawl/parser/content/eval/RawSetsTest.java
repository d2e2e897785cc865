package org.kcrawl.parser.content.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each collection's layout and annotation, in miniature, becomes the pages and references eval/README.md says. */
class RawSetsTest {
    @TempDir
    Path raw;

    @Test
    void cleanEvalDropsTheWrapperAndUrlLineAndTurnsMarkersIntoLines() throws Exception {
        write("final/input/7.html", "<text id=\"http://a.example/p\" title=\"t\" encoding=\"unset\">\n"
                + "<html><body><p>Body words here</p></body></html>\n</text>\n");
        write("final/GoldStandard/7.txt", "URL: http://a.example/p\n\n<h> Heading  one\n<p>First &amp; second\n"
                + "line<l>item\n");
        write("dev/input/1.html", "<html><body>x</body></html>");
        write("dev/GoldStandard/1.txt", "URL: http://b.example/\n<p>Dev page");
        write("dev/input/2.html", "<html>no gold</html>");

        List<EvalPage> pages = RawSets.cleanEval("cleaneval", raw);

        assertThat(pages).extracting(EvalPage::id).containsExactly("dev-1", "final-7");
        EvalPage p = pages.get(1);
        assertThat(p.url()).isEqualTo("http://a.example/p");
        assertThat(p.html()).startsWith("\n<html><body>").doesNotContain("<text", "</text>");
        assertThat(p.reference()).isEqualTo("Heading one\nFirst & second\nline\nitem");
        assertThat(pages.get(0).url()).isEqualTo("http://b.example/");
    }

    @Test
    void dragnetKeepsTheArticleBeforeTheCommentsSeparatorInEitherLayout() throws Exception {
        write("HTML/R1.html", "<html><body>page</body></html>");
        write("Corrected/R1.html.corrected.txt", "Title\n\nArticle text.\n!@#$%^&*()  COMMENTS\nGreat post!");

        List<EvalPage> pages = RawSets.dragnet("dragnet", raw);

        assertThat(pages).singleElement().satisfies(p -> {
            assertThat(p.id()).isEqualTo("R1");
            assertThat(p.reference()).isEqualTo("Title\nArticle text.");
        });
    }

    /** The separator as the annotators typed it in a few files: one space, a symbol missing, a tab. */
    @Test
    void dragnetFindsTheSeparatorTypedOtherwise() throws Exception {
        write("HTML/A.html", "<html><body>a</body></html>");
        write("Corrected/A.html.corrected.txt", "Story.\n!@#$%^&*() COMMENTS\nNice!");
        write("HTML/B.html", "<html><body>b</body></html>");
        write("Corrected/B.html.corrected.txt", "Story.\n!@ $%^&*()  COMMENTS\nNice!");
        write("HTML/C.html", "<html><body>c</body></html>");
        write("Corrected/C.html.corrected.txt", "Story.\n!@#$%^&*()  \tCOMMENTS\r\nNice!\nREAD THE COMMENTS below\nCOMMENTS");

        assertThat(RawSets.dragnet("dragnet", raw)).extracting(EvalPage::reference).containsOnly("Story.");
    }

    @Test
    void l3sKeepsHeadlineFullTextAndSupplementalOnceEachAndItsUrl() throws Exception {
        write("original/0a1b-2c3d.html", "<html><body>original</body></html>");
        write("annotated/0a1b-2c3d.html", "<html><body><span class=\"x-nc-sel0\">Menu</span>"
                + "<h1><span class=\"x-nc-sel1\">The headline</span></h1>"
                + "<p><span class=\"x-nc-sel2\">Full text with <a href=\"/x\">a link</a> inside "
                + "<span class=\"x-nc-sel2\">nested</span></span></p>"
                + "<span class=\"x-nc-sel3\">A caption</span><span class=\"x-nc-sel4\">Related story</span>"
                + "<span class=\"x-nc-sel5\">A comment</span></body></html>");
        write("url-mapping.txt", "<urn:uuid:0a1b-2c3d>\thttp://news.example/a\n");

        List<EvalPage> pages = RawSets.l3s("l3s-gn1", raw);

        assertThat(pages).singleElement().satisfies(p -> {
            assertThat(p.url()).isEqualTo("http://news.example/a");
            assertThat(p.reference()).isEqualTo("The headline\nFull text with a link inside nested\nA caption");
            assertThat(p.html()).contains("original");
        });
    }

    @Test
    void readabilityTakesTheExpectedPagesTextAndLeavesOutMadeUpUnitCases() throws Exception {
        write("test-pages/real/source.html", "<html><body>" + "<p>word</p>".repeat(500) + "</body></html>");
        write("test-pages/real/expected.html", "<div><p>Kept</p><p>text</p></div>");
        write("test-pages/tiny/source.html", "<p>unit case</p>");
        write("test-pages/tiny/expected.html", "<p>unit case</p>");

        List<EvalPage> pages = RawSets.readability("readability", raw);

        assertThat(pages).singleElement().satisfies(p -> {
            assertThat(p.id()).isEqualTo("real");
            assertThat(p.url()).isEqualTo(RawSets.READABILITY_URL);
            assertThat(p.reference()).isEqualTo("Kept text");
        });
    }

    @Test
    void rawFilesDecodeByBomThenUtf8ThenTheirMetaThenWindows1252() {
        assertThat(RawText.html("café".getBytes(StandardCharsets.UTF_8))).isEqualTo("café");
        byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, 'h', 'i'};
        assertThat(RawText.html(bom)).isEqualTo("hi");
        String koi8 = "<meta charset=\"koi8-r\"><p>Привет</p>";
        assertThat(RawText.html(koi8.getBytes(Charset.forName("KOI8-R")))).isEqualTo(koi8);
        byte[] cp1252 = "it\u2019s caf\u00e9".getBytes(Charset.forName("windows-1252"));
        assertThat(RawText.plain(cp1252)).isEqualTo("it\u2019s caf\u00e9");
        byte[] mislabelled = ("<meta charset=utf-8>" + "caf\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        assertThat(RawText.html(mislabelled)).endsWith("caf\u00e9");
    }

    private void write(String path, String text) throws Exception {
        Path file = raw.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
