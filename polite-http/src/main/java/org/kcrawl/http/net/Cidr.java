package org.kcrawl.http.net;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.util.Arrays;

/**
 * An IPv4 or IPv6 address range in CIDR notation, such as {@code 10.0.0.0/8} or {@code fc00::/7}.
 * Parsing never touches DNS: only address literals are accepted.
 */
public final class Cidr {
    private final byte[] network;
    private final int prefixLength;
    private final String text;

    private Cidr(byte[] network, int prefixLength) {
        this.network = network;
        this.prefixLength = prefixLength;
        this.text = format(network) + "/" + prefixLength;
    }

    /**
     * Parses {@code a.b.c.d/n} or {@code x:y::z/n}; a bare address means a single-address range.
     * Throws naming the value when it is not a literal, the prefix is out of range, or host bits are set.
     */
    public static Cidr parse(String cidr) {
        if (cidr == null || cidr.isBlank()) {
            throw new IllegalArgumentException("cidr must not be blank");
        }
        String trimmed = cidr.trim();
        int slash = trimmed.indexOf('/');
        String addressPart = slash < 0 ? trimmed : trimmed.substring(0, slash);
        byte[] address = NetUtil.createByteArrayFromIpAddressString(addressPart);
        if (address == null) {
            throw new IllegalArgumentException("cidr '" + cidr + "' does not start with an IP address literal");
        }
        int maxPrefix = address.length * 8;
        int prefix = maxPrefix;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("cidr '" + cidr + "' has a prefix length that is not a number", e);
            }
            if (prefix < 0 || prefix > maxPrefix) {
                throw new IllegalArgumentException(
                        "cidr '" + cidr + "' has prefix length " + prefix + " outside 0.." + maxPrefix);
            }
        }
        byte[] masked = mask(address, prefix);
        if (!Arrays.equals(masked, address)) {
            throw new IllegalArgumentException("cidr '" + cidr + "' has host bits set; did you mean "
                    + format(masked) + "/" + prefix + "?");
        }
        return new Cidr(masked, prefix);
    }

    /** Shorthand for a range from its network literal and prefix length. */
    public static Cidr of(String networkLiteral, int prefixLength) {
        return parse(networkLiteral + "/" + prefixLength);
    }

    /** True when {@code address} has the same family and lies inside this range. */
    public boolean contains(InetAddress address) {
        return contains(address.getAddress());
    }

    /** True when the raw address bytes (4 or 16) have this range's family and lie inside it. */
    public boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int remainingBits = prefixLength % 8;
        if (remainingBits == 0) {
            return true;
        }
        int bitMask = (0xFF << (8 - remainingBits)) & 0xFF;
        return (address[fullBytes] & bitMask) == (network[fullBytes] & bitMask);
    }

    /** The prefix length in bits. */
    public int prefixLength() {
        return prefixLength;
    }

    /** True for an IPv4 range. */
    public boolean isIpv4() {
        return network.length == 4;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr other && other.prefixLength == prefixLength && Arrays.equals(other.network, network);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(network) * 31 + prefixLength;
    }

    /** The canonical text, for example {@code 10.0.0.0/8}. */
    @Override
    public String toString() {
        return text;
    }

    private static byte[] mask(byte[] address, int prefix) {
        byte[] out = address.clone();
        for (int bit = prefix; bit < out.length * 8; bit++) {
            out[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return out;
    }

    private static String format(byte[] address) {
        return NetUtil.bytesToIpAddress(address);
    }
}
