package org.kcrawl.common.metrics;

import java.io.Console;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses how a worker logs before the logging system starts: JSON objects, one a line, for log
 * collectors; plain text when a person watches a terminal. {@code KCRAWL_LOG_FORMAT=json|text}
 * overrides the guess. The choice is handed to the workers' {@code logback.xml} as the system
 * property {@value #PROPERTY}, which names the appender to use.
 */
public final class LogFormat {
    /** The system property read by logback.xml: {@code JSON} or {@code TEXT}, an appender name. */
    public static final String PROPERTY = "kcrawl.log.format";
    /** The environment variable that overrides the guess. */
    public static final String ENV = "KCRAWL_LOG_FORMAT";

    private LogFormat() {}

    /**
     * The appender for {@code env} on a terminal or not: {@code TEXT} or {@code JSON}. Throws
     * naming {@value #ENV} when its value is neither json nor text.
     */
    public static String choose(Map<String, String> env, boolean terminal) {
        String wanted = env.get(ENV);
        if (wanted == null || wanted.isBlank()) {
            return terminal ? "TEXT" : "JSON";
        }
        return switch (wanted.trim().toLowerCase(Locale.ROOT)) {
            case "json" -> "JSON";
            case "text" -> "TEXT";
            default -> throw new IllegalArgumentException(ENV + " must be json or text but was '" + wanted + "'");
        };
    }

    /**
     * Sets {@value #PROPERTY} from {@code env} and whether standard error is a terminal, unless it
     * is set already (for example by {@code -Dkcrawl.log.format=TEXT}). Must run before the first
     * logger is created. Returns the appender chosen.
     */
    public static String apply(Map<String, String> env) {
        String set = System.getProperty(PROPERTY);
        if (set != null) {
            return set;
        }
        String chosen = choose(env, onTerminal());
        System.setProperty(PROPERTY, chosen);
        return chosen;
    }

    /**
     * True when the process talks to a terminal. Up to JDK 21 {@code System.console()} is null unless
     * it does; from JDK 22 a console may exist without a terminal, and {@code isTerminal()} tells.
     */
    static boolean onTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot ask the console whether it is a terminal", e);
        }
    }
}
