package org.kcrawl.parser.content.eval;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.jsoup.Jsoup;

/** The floor every extractor must beat: all text of the body as jsoup sees it ({@code body().text()}). */
public final class AllVisibleText implements ContentExtractor {
    @Override
    public String extract(EvalPage page) throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page.htmlBytes()), page.declaredCharset(),
                page.url() == null ? "" : page.url()).body().text();
    }
}
