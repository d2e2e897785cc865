/**
 * Kafka for local runs and tests: {@link org.kcrawl.testkit.kafka.EmbeddedKafkaBroker}, a single-node KRaft
 * cluster inside the JVM (used by the {@code crawl} command and by tests that stop brokers), and
 * {@link org.kcrawl.testkit.kafka.SharedKafka}, the one broker all tests of a JVM share.
 *
 * <p>Kafka logs through SLF4J, and through the Log4j 2 API, which this module routes to SLF4J with
 * {@code log4j-to-slf4j} (Kafka's {@code log4j-core} is excluded). Whoever configures logback decides how
 * much Kafka says; the quiet setting is:
 *
 * <pre>{@code
 * <logger name="kafka" level="WARN"/>
 * <logger name="org.apache.kafka" level="WARN"/>
 * <logger name="state.change.logger" level="WARN"/>
 * <logger name="org.apache.kafka.controller.QuorumController" level="ERROR"/>
 * <logger name="kafka.server.ControllerApis" level="OFF"/>
 * }</pre>
 */
package org.kcrawl.testkit.kafka;
