/**
 * Kafka inside the JVM for the {@code crawl} command and for tests: {@link org.kcrawl.embedded.kafka.EmbeddedKafkaBroker},
 * a single-node KRaft cluster, with its broker configurations, SASL/PLAIN users and loopback ports.
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
package org.kcrawl.embedded.kafka;
