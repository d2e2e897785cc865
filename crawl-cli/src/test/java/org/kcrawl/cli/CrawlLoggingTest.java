package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;

class CrawlLoggingTest {
    @Test
    void librariesLogErrorsAndTheCrawlerWarningsToStderr() {
        LoggerContext context = new LoggerContext();
        CrawlLogging.apply(context, null);

        assertThat(context.getLogger("org.apache.kafka.clients.NetworkClient").getEffectiveLevel()).isEqualTo(Level.ERROR);
        assertThat(context.getLogger("kafka.server.BrokerServer").getEffectiveLevel()).isEqualTo(Level.ERROR);
        assertThat(context.getLogger("state.change.logger").getEffectiveLevel()).isEqualTo(Level.ERROR);
        assertThat(context.getLogger("kafka.server.ControllerApis").getEffectiveLevel()).isEqualTo(Level.OFF);
        assertThat(context.getLogger("org.kcrawl.cli.LocalCrawl").getEffectiveLevel()).isEqualTo(Level.WARN);
        assertThat(context.getLogger("io.netty").getEffectiveLevel()).isEqualTo(Level.WARN);
        var appender = (ConsoleAppender<?>) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        assertThat(appender.getTarget()).isEqualTo("System.err");
        assertThat(appender.isStarted()).isTrue();
        assertThat(((PatternLayoutEncoder) appender.getEncoder()).getPattern()).isEqualTo(CrawlLogging.PATTERN);
    }

    @Test
    void theCrawlersLevelComesFromTheEnvironmentAndFallsBackToWarn() {
        LoggerContext debug = new LoggerContext();
        CrawlLogging.apply(debug, " debug ");
        assertThat(debug.getLogger("org.kcrawl.fetcher").getEffectiveLevel()).isEqualTo(Level.DEBUG);

        LoggerContext nonsense = new LoggerContext();
        CrawlLogging.apply(nonsense, "loud");
        assertThat(nonsense.getLogger("org.kcrawl.fetcher").getEffectiveLevel()).isEqualTo(Level.WARN);
    }
}
