package org.kcrawl.render;

import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.kcrawl.http.politeness.SystemTimeSource;
import org.kcrawl.render.browser.Blackhole;
import org.kcrawl.render.browser.BrowserSettings;
import org.kcrawl.render.browser.BrowserSupervisor;
import org.kcrawl.testkit.browser.ChromiumCondition;

/**
 * One real Chromium for a test class (a start costs the better part of a second): its supervisor, proxy and
 * clock. Classes using it are marked {@code @RequiresChromium}, so they skip with a reason where it is missing.
 */
public final class BrowserFixture implements AutoCloseable {
    /** Where Debian's chromium package puts the browser; {@code .ci/run} installs it when missing. */
    public static final Path CHROMIUM = ChromiumCondition.CHROMIUM;

    public final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("test-cdp", true));
    public final Blackhole blackhole = Blackhole.open(group);
    public final BrowserSupervisor browsers;
    public final SystemTimeSource time = new SystemTimeSource("test-render-timer");

    public BrowserFixture() {
        this(BrowserSettings.of(CHROMIUM, false));
    }

    /** A browser of {@code settings} (a shorter command timeout, say). */
    public BrowserFixture(BrowserSettings settings) {
        browsers = new BrowserSupervisor(settings, group, blackhole);
        browsers.start();
    }

    @Override
    public void close() {
        browsers.close();
        blackhole.close();
        time.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
