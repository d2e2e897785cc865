package org.kcrawl.http.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides whether the crawler may open a connection to a resolved address (the SSRF guard).
 *
 * <p>By default it refuses every address that is not globally reachable: loopback, RFC 1918 and
 * unique-local, link-local (including the cloud metadata address 169.254.169.254), carrier-grade
 * NAT, multicast, unspecified, broadcast, benchmarking, documentation and reserved ranges. IPv6 forms
 * that embed an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64 {@code 64:ff9b::/96}, 6to4
 * {@code 2002::/16}) are judged by the IPv4 address they carry; Teredo is refused whole. The check
 * belongs on the address that is actually dialed, after resolution, so a DNS answer cannot rebind it.
 *
 * <p>{@code allowPrivate} opens everything (local use and tests); {@code allowed} opens just the
 * listed ranges. {@code denied} closes ranges that are globally routable but must not be crawled all
 * the same, such as a cluster's pod and service ranges taken from public address space; a denied
 * range wins over both openings, and an IPv6 form that carries an IPv4 address is denied when the
 * address it carries is. Instances are immutable and thread-safe.
 */
public final class AddressGuard {
    private final boolean allowPrivate;
    private final List<Cidr> allowed;
    private final List<Cidr> denied;

    /** A guard that opens everything when {@code allowPrivate}, and otherwise only the {@code allowed} ranges. */
    public AddressGuard(boolean allowPrivate, List<Cidr> allowed) {
        this(allowPrivate, allowed, List.of());
    }

    /** The same, refusing the {@code denied} ranges whatever else is open. */
    public AddressGuard(boolean allowPrivate, List<Cidr> allowed, List<Cidr> denied) {
        Objects.requireNonNull(allowed, "allowed must not be null");
        Objects.requireNonNull(denied, "denied must not be null");
        this.allowPrivate = allowPrivate;
        this.allowed = List.copyOf(allowed);
        this.denied = List.copyOf(denied);
    }

    /** The safe default: only globally reachable addresses. */
    public static AddressGuard strict() {
        return new AddressGuard(false, List.of());
    }

    /** True when a connection to {@code address} may be opened. */
    public boolean allows(InetAddress address) {
        return blockingRange(address).isEmpty();
    }

    /**
     * The range that makes {@code address} refused (a denied one, or a non-global one), or empty when
     * it is allowed. For IPv6 forms that embed IPv4, the range named is the IPv4 one.
     */
    public Optional<Cidr> blockingRange(InetAddress address) {
        Objects.requireNonNull(address, "address must not be null");
        byte[] raw = address.getAddress();
        if (denied.isEmpty() && allowPrivate) {
            return Optional.empty();
        }
        byte[] effective = embeddedIpv4(raw);
        Optional<Cidr> deny = firstContaining(denied, raw);
        if (deny.isEmpty() && effective != raw) {
            deny = firstContaining(denied, effective);
        }
        if (deny.isPresent() || allowPrivate) {
            return deny;
        }
        if (firstContaining(allowed, raw).isPresent() || firstContaining(allowed, effective).isPresent()) {
            return Optional.empty();
        }
        return effective.length == 4 ? blockingIpv4(effective) : blockingIpv6(effective);
    }

    /** True when {@code range} is one of the denied ranges rather than a non-global one (for messages). */
    public boolean isDenied(Cidr range) {
        return denied.contains(range);
    }

    /** The allowed ranges this guard was built with. */
    public List<Cidr> allowedRanges() {
        return allowed;
    }

    /** The denied ranges this guard was built with. */
    public List<Cidr> deniedRanges() {
        return denied;
    }

    private static Optional<Cidr> firstContaining(List<Cidr> ranges, byte[] raw) {
        for (Cidr cidr : ranges) {
            if (cidr.contains(raw)) {
                return Optional.of(cidr);
            }
        }
        return Optional.empty();
    }

    private static Optional<Cidr> blockingIpv4(byte[] v4) {
        for (Cidr cidr : NonGlobalRanges.IPV4) {
            if (cidr.contains(v4)) {
                return Optional.of(cidr);
            }
        }
        return Optional.empty();
    }

    private static Optional<Cidr> blockingIpv6(byte[] v6) {
        for (Cidr cidr : NonGlobalRanges.IPV6_NAMED_OUTSIDE_GLOBAL) {
            if (cidr.contains(v6)) {
                return Optional.of(cidr);
            }
        }
        if (!NonGlobalRanges.IPV6_GLOBAL_UNICAST.contains(v6)) {
            return Optional.of(NonGlobalRanges.IPV6_ALL);
        }
        for (Cidr cidr : NonGlobalRanges.IPV6_INSIDE_GLOBAL) {
            if (cidr.contains(v6)) {
                return Optional.of(cidr);
            }
        }
        return Optional.empty();
    }

    /**
     * Unwraps IPv6 forms that carry an IPv4 destination, so they are judged by that destination;
     * returns the input unchanged otherwise. {@code ::} and {@code ::1} stay IPv6 (unspecified and
     * loopback, not IPv4-compatible forms of 0.0.0.0 and 0.0.0.1).
     */
    static byte[] embeddedIpv4(byte[] raw) {
        if (raw.length != 16) {
            return raw;
        }
        if (NonGlobalRanges.IPV4_MAPPED.contains(raw) || NonGlobalRanges.NAT64_WELL_KNOWN.contains(raw)) {
            return Arrays.copyOfRange(raw, 12, 16);
        }
        if (NonGlobalRanges.IPV4_COMPATIBLE.contains(raw)
                && !NonGlobalRanges.IPV6_UNSPECIFIED.contains(raw)
                && !NonGlobalRanges.IPV6_LOOPBACK.contains(raw)) {
            return Arrays.copyOfRange(raw, 12, 16);
        }
        if (NonGlobalRanges.SIX_TO_FOUR.contains(raw)) {
            return Arrays.copyOfRange(raw, 2, 6);
        }
        return raw;
    }

    /** Parses an address literal without any DNS look-up; throws naming the text when it is not one. */
    public static InetAddress literal(String text) {
        byte[] raw = io.netty.util.NetUtil.createByteArrayFromIpAddressString(text);
        if (raw == null) {
            throw new IllegalArgumentException("'" + text + "' is not an IP address literal");
        }
        try {
            return InetAddress.getByAddress(raw);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + text + "' is not an IP address literal", e);
        }
    }
}
