package org.kcrawl.embedded.kafka;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * SASL/PLAIN on the embedded broker's client listener (SASL_PLAINTEXT, loopback only): the users who
 * may connect and whether the broker enforces ACLs. The broker itself connects as {@link #ADMIN}, a
 * super user a test may use too, to create topics and ACLs.
 *
 * @param users user names and their passwords, besides {@link #ADMIN}
 * @param enforceAcls when true, the broker's StandardAuthorizer refuses whatever no ACL allows
 */
public record SaslPlain(Map<String, String> users, boolean enforceAcls) {
    /** The super user the broker connects as. */
    public static final String ADMIN = "admin";
    /** {@link #ADMIN}'s password. */
    public static final String ADMIN_PASSWORD = "admin-secret";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern PASSWORD = Pattern.compile("[A-Za-z0-9_.@!+=-]{1,128}");

    public SaslPlain {
        if (users == null) {
            throw new IllegalArgumentException("users must not be null (use an empty map)");
        }
        users.forEach((user, password) -> {
            if (user == null || !NAME.matcher(user).matches() || ADMIN.equals(user)) {
                throw new IllegalArgumentException("user names must be 1-64 of [A-Za-z0-9_.-] and not '" + ADMIN
                        + "' but one was '" + user + "'");
            }
            if (password == null || !PASSWORD.matcher(password).matches()) {
                throw new IllegalArgumentException("the password of " + user
                        + " must be 1-128 of [A-Za-z0-9_.@!+=-] (it goes into a JAAS line unquoted of anything)");
            }
        });
        users = Map.copyOf(users);
    }

    /** The Kafka client properties of {@code user} ({@link #ADMIN} included), keyed as Kafka names them. */
    public Map<String, String> clientSettings(String user) {
        String password = ADMIN.equals(user) ? ADMIN_PASSWORD : users.get(user);
        if (password == null) {
            throw new IllegalArgumentException("no such user '" + user + "'");
        }
        return clientSettings(user, password);
    }

    /** Client properties for any {@code user} and {@code password}, right or wrong. */
    public static Map<String, String> clientSettings(String user, String password) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("security.protocol", "SASL_PLAINTEXT");
        c.put("sasl.mechanism", "PLAIN");
        c.put("sasl.jaas.config", jaas(user, password, Map.of()));
        return c;
    }

    /** The broker's JAAS line: its own login and every user it accepts. */
    String brokerJaas() {
        Map<String, String> accepted = new LinkedHashMap<>();
        accepted.put(ADMIN, ADMIN_PASSWORD);
        accepted.putAll(users);
        return jaas(ADMIN, ADMIN_PASSWORD, accepted);
    }

    private static String jaas(String user, String password, Map<String, String> accepted) {
        StringBuilder sb = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required")
                .append(" username=\"").append(user).append("\" password=\"").append(password).append('"');
        accepted.forEach((u, p) -> sb.append(" user_").append(u).append("=\"").append(p).append('"'));
        return sb.append(';').toString();
    }
}
