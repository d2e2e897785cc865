package org.kcrawl.render;

import java.util.List;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.testkit.web.ScriptSite;

/**
 * What a test of pages in a real browser needs: the browser ({@link BrowserFixture}), a script-built
 * loopback site on two addresses (the second one a third party to the first), and an HTTP client that
 * may fetch from the first address only, keeping the scripts' bodies whole.
 */
public final class ScriptSiteFixture implements AutoCloseable {
    public final BrowserFixture browser;
    public final ScriptSite site;
    public final NettyHttpFetcher http;

    /** A site of {@code pages} pages at {@code address}, its third party at {@code otherAddress}. */
    public ScriptSiteFixture(String address, String otherAddress, int pages) {
        browser = new BrowserFixture();
        site = ScriptSite.builder().addresses(address, otherAddress).pages(pages).start();
        http = new NettyHttpFetcher(HttpClientSettings.defaults().toBuilder()
                .allowCidrs(List.of(address + "/32"))
                .fullBodyContentTypes(List.of("text/html", "application/javascript", "application/json"))
                .build());
    }

    @Override
    public void close() {
        http.close();
        site.close();
        browser.close();
    }
}
