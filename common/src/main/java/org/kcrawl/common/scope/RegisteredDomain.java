package org.kcrawl.common.scope;

import crawlercommons.domains.EffectiveTldFinder;
import java.util.Locale;

/**
 * The registered domain of a host, by the public suffix list (crawler-commons
 * {@link EffectiveTldFinder}, private suffixes included: {@code a.github.io} and {@code b.github.io}
 * are different domains). An IP address or a name without a known suffix is its own domain.
 */
public final class RegisteredDomain {
    private RegisteredDomain() {}

    /** The registered domain of {@code host}: {@code www.example.co.uk} gives {@code example.co.uk}. */
    public static String of(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") || isIpv4(h)) {
            return h;
        }
        String domain = EffectiveTldFinder.getAssignedDomain(h, false, false);
        return domain == null ? h : domain;
    }

    private static boolean isIpv4(String host) {
        int dots = 0;
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c == '.') {
                dots++;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return dots == 3;
    }
}
