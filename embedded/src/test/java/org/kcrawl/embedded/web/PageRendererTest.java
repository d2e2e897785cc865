package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PageRendererTest {
    private static final Pattern HREF = Pattern.compile("<a href=\"([^\"]*)\"");
    private static final int LONGEST_PARAGRAPH = Arrays.stream(Prose.WRAPPED_BYTES).max().orElseThrow();

    private final UrlLayout layout = new UrlLayout(4, 30, 10, 9000);
    private final LinkPlanner planner = new LinkPlanner(77, 4, 30, 10, 2, 0.3);
    private final SiteGraph graph = new SiteGraph(layout, planner);

    private String render(int pageBytes, int host, int page) {
        ByteBuf buf = new PageRenderer(layout, planner, pageBytes, 77).render(host, page, UnpooledByteBufAllocator.DEFAULT);
        try {
            assertThat(buf.writableBytes()).as("buffer sized exactly").isZero();
            return buf.toString(StandardCharsets.UTF_8);
        } finally {
            buf.release();
        }
    }

    @Test
    void pageCarriesTitleMetadataCanonicalAndSections() {
        String html = render(2048, 2, 17);
        assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"en\">")
                .contains("<meta charset=\"utf-8\">")
                .contains("<title>Page 2-17</title>")
                .contains("<h1>Page 2-17</h1>")
                .containsPattern("<meta name=\"description\" content=\"[^\"]+\">")
                .contains("<link rel=\"canonical\" href=\"http://127.0.0.12:9000/p/17\">")
                .contains("id=\"section-1\"", "id=\"section-2\"", "id=\"section-3\"")
                .endsWith("</html>\n");
        assertThat(render(2048, 1, 0)).contains("<link rel=\"canonical\" href=\"http://127.0.0.11:9000/\">");
    }

    @Test
    void anchorsAreExactlyTheGraphsHrefsInOrder() {
        for (int h = 0; h < 4; h++) {
            for (int p = 0; p < 30; p++) {
                Matcher m = HREF.matcher(render(2048, h, p));
                List<String> hrefs = new ArrayList<>();
                while (m.find()) {
                    hrefs.add(m.group(1));
                }
                assertThat(hrefs).as("page %d-%d", h, p).isEqualTo(graph.hrefsOf(layout.pageUrl(h, p)));
            }
        }
    }

    @Test
    void sizeFollowsPageBytes() {
        for (int target : new int[] {2048, 8192, 40_000}) {
            int bytes = render(target, 3, 4).getBytes(StandardCharsets.UTF_8).length;
            assertThat(bytes).isBetween(target, target + LONGEST_PARAGRAPH);
        }
        assertThat(render(0, 3, 4)).doesNotContain(Prose.PARAGRAPHS.get(0).substring(0, 30));
    }

    @Test
    void paddingIsUtf8Prose() {
        String html = render(20_000, 0, 1);
        assertThat(html).contains("café", "Zürich", "São Paulo");
    }

    @Test
    void renderingIsDeterministicAndPagesDiffer() {
        assertThat(render(2048, 1, 5)).isEqualTo(render(2048, 1, 5)).isNotEqualTo(render(2048, 1, 6));
    }
}
