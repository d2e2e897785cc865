package org.kcrawl.archiver;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.message.FetchedPage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each page to the {@link ArchiveWriter}; its stage completes when the page's records are synced
 * to disk, so its offset is committed only then. A page without captured heads (its fetcher ran without
 * {@code capture_heads}), or a rendered page without the bytes its server sent, cannot be archived as
 * exchanged: it is counted, warned about once, and passed.
 * Records written for a partition that is then revoked stay in the file; the partition's next owner
 * writes them again (at-least-once, as every output of the crawl). Commits and ownership changes go to
 * the writer's {@link CommitGate}, which a full file waits on before it is finished.
 */
final class ArchiveHandler implements RecordHandler<FetchedPage> {
    private static final Logger log = LoggerFactory.getLogger(ArchiveHandler.class);

    private final ArchiveWriter writer;
    private final ArchiverMetrics metrics;
    private final AtomicBoolean warned = new AtomicBoolean();

    ArchiveHandler(ArchiveWriter writer, ArchiverMetrics metrics) {
        this.writer = writer;
        this.metrics = metrics;
    }

    @Override
    public CompletionStage<?> handle(FetchedPage page, ConsumerRecord<String, byte[]> record, Claim claim) {
        if (!WarcRecords.archivable(page)) {
            metrics.skipped();
            if (warned.compareAndSet(false, true)) {
                log.warn("{} carries no captured heads and is not archived; set capture_heads on the fetchers"
                        + " (the render workers read the fetchers' settings; this is said once;"
                        + " crawl.archive.skipped counts them)", page.requestedUrl());
            }
            return CompletableFuture.completedFuture(null);
        }
        return writer.submit(page, claim.partition(), record.offset());
    }

    @Override
    public void partitionsAssigned(Collection<TopicPartition> partitions) {
        writer.commits().assigned(partitions);
    }

    @Override
    public void partitionsRevoked(Collection<TopicPartition> partitions) {
        writer.commits().released(partitions);
    }

    @Override
    public void committed(Map<TopicPartition, OffsetAndMetadata> offsets) {
        writer.commits().committed(offsets);
    }
}
