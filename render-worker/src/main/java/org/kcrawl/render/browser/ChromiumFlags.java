package org.kcrawl.render.browser;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a render worker's Chromium, with why each flag is there. */
final class ChromiumFlags {
    private ChromiumFlags() {}

    /**
     * The arguments for {@code settings}' executable with its profile in {@code profile}, every connection
     * sent to the proxy on {@code proxyPort}; {@code root} turns the sandbox off (Chromium refuses it as root).
     */
    static List<String> of(BrowserSettings settings, Path profile, int proxyPort, boolean root) {
        List<String> args = new ArrayList<>();
        args.add(settings.executable().toString());
        args.add("--headless");
        // Port 0: the browser picks a free loopback port and prints its DevTools address on stderr.
        args.add("--remote-debugging-port=0");
        args.add("--remote-debugging-address=127.0.0.1");
        args.add("--user-data-dir=" + profile);
        // Everything that is not intercepted goes to the refusing proxy; <-loopback> removes Chromium's
        // implicit bypass of loopback addresses, so a page cannot reach 127.0.0.1 past the proxy either.
        args.add("--proxy-server=http://127.0.0.1:" + proxyPort);
        args.add("--proxy-bypass-list=<-loopback>");
        // Cross-site frames in the page's own process: their requests are intercepted with the page's.
        args.add("--disable-site-isolation-trials");
        args.add("--disable-features=IsolateOrigins,site-per-process,Translate,OptimizationHints,MediaRouter,"
                + "DialMediaRouteProvider,AutofillServerCommunication,InterestFeedContentSuggestions");
        // Less background work that would only be refused by the proxy anyway.
        args.add("--disable-background-networking");
        args.add("--disable-component-update");
        args.add("--disable-sync");
        args.add("--disable-default-apps");
        args.add("--disable-extensions");
        args.add("--disable-breakpad");
        args.add("--no-first-run");
        args.add("--no-default-browser-check");
        args.add("--mute-audio");
        args.add("--disable-gpu");
        // Containers give /dev/shm 64 MiB: shared memory files go to the temp dir instead.
        args.add("--disable-dev-shm-usage");
        // Tabs keep their timers at full speed even though no window shows them.
        args.add("--disable-background-timer-throttling");
        args.add("--disable-renderer-backgrounding");
        args.add("--disable-backgrounding-occluded-windows");
        // Images are refused by the interception anyway; this spares decoding placeholders.
        args.add("--blink-settings=imagesEnabled=false");
        if (!settings.sandbox() || root) {
            args.add("--no-sandbox");
        }
        args.add("about:blank");
        return args;
    }
}
