package org.kcrawl.render.browser;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a render worker's Chromium, with why each flag is there. What no flag does is in the
 * profile's preferences ({@link ProfilePreferences}).
 */
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
        // DevTools over the pipes on descriptors 3 and 4 (BrowserProcess wires them): no port any local user
        // or page could open.
        args.add("--remote-debugging-pipe");
        args.add("--user-data-dir=" + profile);
        // Everything that is not intercepted goes to the refusing proxy; <-loopback> removes Chromium's
        // implicit bypass of loopback addresses, so a page cannot reach 127.0.0.1 past the proxy either.
        args.add("--proxy-server=http://127.0.0.1:" + proxyPort);
        args.add("--proxy-bypass-list=<-loopback>");
        // The browser resolves no name itself (DNS prefetch, preconnect, a STUN server by name): a page's own
        // requests are answered by the worker, whose client resolves and guards them; the proxy is an address.
        args.add("--host-resolver-rules=MAP * ~NOTFOUND");
        // WebRTC sends no UDP that does not go through the proxy, so none (ProfilePreferences says it again).
        args.add("--webrtc-ip-handling-policy=disable_non_proxied_udp");
        // No QUIC (UDP) for anything that would reach the proxy's side of the network stack.
        args.add("--disable-quic");
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
