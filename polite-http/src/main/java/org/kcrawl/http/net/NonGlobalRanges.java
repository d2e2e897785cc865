package org.kcrawl.http.net;

import java.util.List;

/**
 * Address ranges that a crawler must never dial by default: the IANA special-purpose ranges that are
 * not globally reachable, plus multicast and reserved space (RFC 6890 and its updates).
 */
final class NonGlobalRanges {
    private NonGlobalRanges() {}

    /** IPv4 ranges, each blocked whole even where a small part of it is global (conservative). */
    static final List<Cidr> IPV4 = List.of(
            Cidr.of("0.0.0.0", 8),          // "this network", includes the unspecified address
            Cidr.of("10.0.0.0", 8),         // RFC 1918
            Cidr.of("100.64.0.0", 10),      // carrier-grade NAT (RFC 6598), includes cloud metadata 100.100.100.200
            Cidr.of("127.0.0.0", 8),        // loopback
            Cidr.of("169.254.0.0", 16),     // link-local, includes cloud metadata 169.254.169.254
            Cidr.of("172.16.0.0", 12),      // RFC 1918
            Cidr.of("192.0.0.0", 24),       // IETF protocol assignments (DS-Lite, NAT64 discovery)
            Cidr.of("192.0.2.0", 24),       // TEST-NET-1 documentation
            Cidr.of("192.88.99.0", 24),     // deprecated 6to4 relay anycast
            Cidr.of("192.168.0.0", 16),     // RFC 1918
            Cidr.of("198.18.0.0", 15),      // benchmarking
            Cidr.of("198.51.100.0", 24),    // TEST-NET-2 documentation
            Cidr.of("203.0.113.0", 24),     // TEST-NET-3 documentation
            Cidr.of("224.0.0.0", 4),        // multicast
            Cidr.of("240.0.0.0", 4));       // reserved, includes the limited broadcast 255.255.255.255

    /** Only this IPv6 block holds global unicast addresses; everything outside it is refused. */
    static final Cidr IPV6_GLOBAL_UNICAST = Cidr.of("2000::", 3);

    /** Named when an IPv6 address outside 2000::/3 is refused without a more specific range. */
    static final Cidr IPV6_ALL = Cidr.of("::", 0);

    /** IPv6 ranges inside 2000::/3 that are nevertheless not globally reachable. */
    static final List<Cidr> IPV6_INSIDE_GLOBAL = List.of(
            Cidr.of("2001::", 32),          // Teredo: tunnels to arbitrary IPv4, including private ones
            Cidr.of("2001:2::", 48),        // benchmarking
            Cidr.of("2001:10::", 28),       // ORCHID (deprecated)
            Cidr.of("2001:20::", 28),       // ORCHIDv2
            Cidr.of("2001:db8::", 32),      // documentation
            Cidr.of("3fff::", 20));         // documentation (RFC 9637)

    static final Cidr IPV6_UNSPECIFIED = Cidr.of("::", 128);
    static final Cidr IPV6_LOOPBACK = Cidr.of("::1", 128);

    /** Outside 2000::/3 these are refused anyway; named here so a refusal can say which range it was. */
    static final List<Cidr> IPV6_NAMED_OUTSIDE_GLOBAL = List.of(
            IPV6_UNSPECIFIED,
            IPV6_LOOPBACK,
            Cidr.of("64:ff9b:1::", 48),     // local-use NAT64
            Cidr.of("100::", 64),           // discard-only
            Cidr.of("fc00::", 7),           // unique local
            Cidr.of("fe80::", 10),          // link-local
            Cidr.of("fec0::", 10),          // site-local (deprecated)
            Cidr.of("ff00::", 8));          // multicast

    /** IPv6 forms that carry an IPv4 address in their last 32 bits. */
    static final Cidr IPV4_MAPPED = Cidr.of("::ffff:0:0", 96);
    static final Cidr IPV4_COMPATIBLE = Cidr.of("::", 96);
    static final Cidr NAT64_WELL_KNOWN = Cidr.of("64:ff9b::", 96);
    /** 6to4 carries the IPv4 address in bits 16..47. */
    static final Cidr SIX_TO_FOUR = Cidr.of("2002::", 16);
}
