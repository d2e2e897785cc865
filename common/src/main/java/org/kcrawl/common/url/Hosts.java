package org.kcrawl.common.url;

import java.io.ByteArrayOutputStream;
import java.net.IDN;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Canonical host names: percent-decoded, IDN converted to ASCII (punycode), lower case, no trailing dot. */
final class Hosts {
    private static final int MAX_HOST = 253;
    private static final int MAX_LABEL = 63;

    private Hosts() {}

    /** The canonical form of {@code raw}, the host part of {@code url}. */
    static String normalize(String raw, String url) throws InvalidUrlException {
        if (raw.isEmpty()) {
            throw malformed(url, "no host");
        }
        if (raw.charAt(0) == '[') {
            return ipv6(raw, url);
        }
        String host = raw.indexOf('%') >= 0 ? percentDecode(raw, url) : raw;
        if (!isAsciiLdh(host)) {
            try {
                host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
            } catch (IllegalArgumentException e) {
                throw malformed(url, "host is not a valid internationalized domain name");
            }
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        check(host, url);
        return host;
    }

    private static void check(String host, String url) throws InvalidUrlException {
        if (host.isEmpty() || host.length() > MAX_HOST) {
            throw malformed(url, "host must be 1-" + MAX_HOST + " characters");
        }
        int labelStart = 0;
        for (int i = 0; i <= host.length(); i++) {
            char c = i < host.length() ? host.charAt(i) : '.';
            if (c == '.') {
                int len = i - labelStart;
                if (len == 0 || len > MAX_LABEL) {
                    throw malformed(url, "host has an empty or over-long label");
                }
                labelStart = i + 1;
            } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
                // '_' and the like are refused: java.net.URI, which every message check uses, rejects them.
                throw malformed(url, "host contains '" + c + "'");
            }
        }
    }

    private static String ipv6(String raw, String url) throws InvalidUrlException {
        if (!raw.endsWith("]") || raw.length() < 4) {
            throw malformed(url, "unterminated IPv6 literal");
        }
        String inner = raw.substring(1, raw.length() - 1);
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            boolean ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
                    || c == ':' || c == '.';
            if (!ok) {
                throw malformed(url, "invalid IPv6 literal");
            }
        }
        try {
            // A bracketed literal is parsed locally; InetAddress never resolves it over DNS.
            InetAddress address = InetAddress.getByName(raw);
            if (address instanceof Inet6Address) {
                return "[" + address.getHostAddress() + "]";
            }
            return address.getHostAddress();
        } catch (UnknownHostException e) {
            throw malformed(url, "invalid IPv6 literal");
        }
    }

    private static boolean isAsciiLdh(String host) {
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static String percentDecode(String raw, String url) throws InvalidUrlException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    throw malformed(url, "bad escape in host");
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw malformed(url, "bad escape in host");
                }
                bytes.write((hi << 4) | lo);
                i += 2;
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(utf8, 0, utf8.length);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw malformed(url, "host escapes are not UTF-8");
        }
    }

    private static InvalidUrlException malformed(String url, String detail) {
        return new InvalidUrlException(InvalidUrlException.Problem.MALFORMED, url, detail);
    }
}
