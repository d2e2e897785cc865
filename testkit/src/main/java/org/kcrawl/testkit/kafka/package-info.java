/**
 * Kafka for tests: {@link org.kcrawl.testkit.kafka.SharedKafka}, the one broker all tests of a JVM share (the
 * embedded broker of {@link org.kcrawl.embedded.kafka.EmbeddedKafkaBroker}, or a container), its JUnit
 * extension, a multi-node {@link org.kcrawl.testkit.kafka.KraftCluster} for tests that stop brokers, and
 * readers of what topics hold.
 */
package org.kcrawl.testkit.kafka;
