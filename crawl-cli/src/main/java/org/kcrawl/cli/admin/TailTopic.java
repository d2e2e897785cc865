package org.kcrawl.cli.admin;

import java.util.Arrays;
import java.util.Iterator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.kcrawl.common.topic.CrawlTopics;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The topics {@code crawl tail} prints, and how each message becomes a line. */
enum TailTopic {
    RECORDS("records") {
        @Override
        String topic(CrawlTopics topics) {
            return topics.records();
        }

        @Override
        String line(MessageLines lines, ConsumerRecord<String, byte[]> record) {
            return lines.json(record);
        }
    },
    FAILURES("failures") {
        @Override
        String topic(CrawlTopics topics) {
            return topics.failures();
        }

        @Override
        String line(MessageLines lines, ConsumerRecord<String, byte[]> record) {
            return lines.json(record);
        }
    },
    DEAD_LETTERS("dead-letters") {
        @Override
        String topic(CrawlTopics topics) {
            return topics.deadLetters();
        }

        // A dead letter is by definition something that could not be read: its headers say why.
        @Override
        String line(MessageLines lines, ConsumerRecord<String, byte[]> record) {
            return lines.envelope(record);
        }
    };

    private final String label;

    TailTopic(String label) {
        this.label = label;
    }

    /** The topic of this kind in a crawl. */
    abstract String topic(CrawlTopics topics);

    /** The line printed for {@code record}. */
    abstract String line(MessageLines lines, ConsumerRecord<String, byte[]> record);

    /** The name given on the command line. */
    String label() {
        return label;
    }

    /** The kind called {@code label}; throws naming the choices. */
    static TailTopic of(String label) {
        for (TailTopic t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException("expected records, failures or dead-letters but got '" + label + "'");
    }

    /** Picocli's conversion of the command-line argument. */
    static final class Converter implements ITypeConverter<TailTopic> {
        @Override
        public TailTopic convert(String value) {
            try {
                return of(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The labels, for picocli's help and completion. */
    static final class Labels implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(values()).map(TailTopic::label).iterator();
        }
    }
}
