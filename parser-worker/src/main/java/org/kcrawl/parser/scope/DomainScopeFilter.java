package org.kcrawl.parser.scope;

import crawlercommons.domains.EffectiveTldFinder;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Keeps links on the source page's registered domain, using the public suffix list (crawler-commons
 * {@link EffectiveTldFinder}, private suffixes included: {@code a.github.io} and {@code b.github.io}
 * are different sites). An IP address or a name without a known suffix is its own domain. The
 * registered domains of the seed sites are in scope from any page.
 */
public final class DomainScopeFilter implements LinkFilter {
    private final Set<String> seedDomains;

    /** Domain scope that also admits the registered domains of {@code seedSites}. */
    public DomainScopeFilter(Set<String> seedSites) {
        this.seedDomains = seedSites.stream()
                .map(site -> registeredDomain(URI.create("http://" + site + "/").getHost()))
                .collect(Collectors.toUnmodifiableSet());
    }

    /** Domain scope judged from the source page alone. */
    public DomainScopeFilter() {
        this(Set.of());
    }

    @Override
    public RejectReason reason() {
        return RejectReason.OUT_OF_SCOPE;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        String domain = registeredDomain(candidate.parsed().host());
        return domain.equals(registeredDomain(candidate.source().parsed().host())) || seedDomains.contains(domain);
    }

    /** The registered domain of {@code host}: {@code www.example.co.uk} gives {@code example.co.uk}. */
    public static String registeredDomain(String host) {
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
