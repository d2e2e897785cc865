package org.kcrawl.http.client;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which request headers a user may add and how they must be spelled: a token as the name (RFC 9110),
 * a value of visible characters, spaces and tabs (no line breaks or other control characters, nothing
 * beyond Latin-1), and never a header the client itself
 * manages (Host, Connection, the transfer and encoding headers), which would break the exchange or
 * smuggle a second request. One place for the rule, used by the client's settings and by the
 * {@code --header} option.
 */
public final class HeaderRules {
    private static final Set<String> RESERVED =
            Set.of("host", "connection", "accept-encoding", "content-length", "transfer-encoding", "upgrade",
                    "te", "keep-alive", "proxy-connection");

    private HeaderRules() {}

    /**
     * A copy of {@code headers} in their order, checked; throws {@link IllegalArgumentException} naming
     * {@code what} and the header when one is not allowed.
     */
    public static Map<String, String> checked(Map<String, String> headers, String what) {
        if (headers == null) {
            throw new IllegalArgumentException(what + " must not be null (use an empty map)");
        }
        Map<String, String> copy = new LinkedHashMap<>();
        headers.forEach((name, value) -> {
            checkName(name, what);
            if (value == null) {
                throw new IllegalArgumentException(what + " has no value for '" + name + "'");
            }
            checkValue(what + "." + name, value);
            copy.put(name, value);
        });
        return copy;
    }

    /** Throws naming {@code what} when {@code name} is not a token or is a header the client manages. */
    public static void checkName(String name, String what) {
        if (name == null || name.isEmpty() || !name.chars().allMatch(HeaderRules::isTokenChar)) {
            throw new IllegalArgumentException(what + " has an invalid header name '" + name + "'");
        }
        if (RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(what + " may not set '" + name + "': the client manages it");
        }
    }

    /** Throws naming {@code what} when {@code value} holds a character a header value may not. */
    public static void checkValue(String what, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7F || c > 0xFF) {
                throw new IllegalArgumentException(what + " contains a character not allowed in a header value"
                        + " at index " + i);
            }
        }
    }

    private static boolean isTokenChar(int c) {
        return c > 32 && c < 127 && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0;
    }
}
