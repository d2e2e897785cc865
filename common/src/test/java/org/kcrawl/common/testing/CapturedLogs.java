package org.kcrawl.common.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/**
 * Collects the events of one logger, each with its MDC taken on the thread that logged (as an
 * asynchronous or JSON appender would see it). Close to detach. Shared with the other modules' tests
 * through common's test jar.
 */
public final class CapturedLogs extends AppenderBase<ILoggingEvent> implements AutoCloseable {
    private final Logger logger;
    private final List<ILoggingEvent> events = new CopyOnWriteArrayList<>();

    private CapturedLogs(Logger logger) {
        this.logger = logger;
    }

    /** Starts collecting what {@code type}'s logger logs. */
    public static CapturedLogs of(Class<?> type) {
        Logger logger = (Logger) LoggerFactory.getLogger(type);
        CapturedLogs logs = new CapturedLogs(logger);
        logs.setContext(logger.getLoggerContext());
        logs.start();
        logger.addAppender(logs);
        return logs;
    }

    @Override
    protected void append(ILoggingEvent event) {
        event.prepareForDeferredProcessing();
        events.add(event);
    }

    /** The events so far. */
    public List<ILoggingEvent> events() {
        return List.copyOf(events);
    }

    /** The events of {@code level} so far. */
    public List<ILoggingEvent> at(Level level) {
        return events.stream().filter(e -> e.getLevel() == level).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(this);
        stop();
    }
}
