package org.kcrawl.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The crawl command's logging, set up in code: what {@code logback.xml} says, without parsing it. Logback
 * finds this class through {@code META-INF/services} before it looks for XML; reading the XML (a SAX parser
 * and Joran's reflection) was 1.6 % of the CPU samples of a five-page crawl (about 80 ms, before the JIT
 * compiles of that code), and it is gone from the profile now. A configuration file given with
 * {@code -Dlogback.configurationFile}, or a {@code logback-test.xml} on the class path (tests), is read as before.
 */
public final class CrawlLogging extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{24} - %msg%n";
    /** Level of the crawler's own loggers unless {@code KCRAWL_LOG_LEVEL} says otherwise. */
    static final String DEFAULT_LEVEL = "WARN";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null
                || CrawlLogging.class.getClassLoader().getResource("logback-test.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        apply(context, System.getenv("KCRAWL_LOG_LEVEL"));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Sets {@code context} up: stderr, libraries at errors, the crawler's loggers at {@code ownLevel} (or WARN). */
    static void apply(LoggerContext context, String ownLevel) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        // The crawl command talks to people on stderr; keep library chatter down to errors.
        level(context, "org.apache.kafka", Level.ERROR);
        level(context, "kafka", Level.ERROR);
        level(context, "state.change.logger", Level.ERROR);
        // A harmless NOT_CONTROLLER race during the embedded broker's registration prints a stack trace.
        level(context, "kafka.server.ControllerApis", Level.OFF);
        // A broker error the producers retry with success every time (see the class).
        RetriedSequenceNoise retried = new RetriedSequenceNoise();
        retried.setContext(context);
        retried.start();
        context.addTurboFilter(retried);
        level(context, "org.kcrawl", Level.toLevel(ownLevel == null || ownLevel.isBlank() ? DEFAULT_LEVEL
                : ownLevel.trim(), Level.WARN));
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
    }

    private static void level(LoggerContext context, String logger, Level level) {
        context.getLogger(logger).setLevel(level);
    }
}
