package org.kcrawl.render.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The preferences a render worker's browser profile starts with, for what Chromium has no command-line switch
 * for: the browser contexts the worker opens pages in read them through the profile.
 *
 * <ul>
 *   <li>WebRTC sends no UDP that does not go through the proxy ({@code disable_non_proxied_udp}), so a page's
 *       ICE gathering (STUN, TURN) sends nothing at all: the proxy refuses every connection. Without it a page
 *       could aim UDP at any address (LAN, link-local, cloud metadata) past the address guard, and learn the
 *       crawler's own address behind {@code --proxy}.</li>
 *   <li>No network prediction (DNS prefetch, preconnect, prerender).</li>
 *   <li>No download is written: a download request is still a request the worker answers, through its own
 *       client, but its body goes nowhere.</li>
 * </ul>
 */
final class ProfilePreferences {
    private static final String PREFERENCES = """
            {
              "webrtc": {
                "ip_handling_policy": "disable_non_proxied_udp",
                "multiple_routes_enabled": false,
                "nonproxied_udp_enabled": false
              },
              "net": {"network_prediction_options": 2},
              "download_restrictions": 3,
              "download": {"prompt_for_download": false}
            }
            """;

    private ProfilePreferences() {}

    /** Writes the preferences into the fresh profile directory {@code profile} before the browser starts. */
    static void write(Path profile) throws IOException {
        Path defaults = Files.createDirectories(profile.resolve("Default"));
        Files.writeString(defaults.resolve("Preferences"), PREFERENCES, StandardCharsets.UTF_8);
    }
}
