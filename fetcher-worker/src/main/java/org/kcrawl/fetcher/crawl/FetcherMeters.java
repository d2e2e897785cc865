package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.http.client.PageMemory;
import org.kcrawl.http.politeness.HeldBy;
import org.kcrawl.http.politeness.SchedulerCounts;
import org.kcrawl.fetcher.seen.SeenRestorer;
import org.kcrawl.fetcher.seen.SeenSet;

/**
 * The {@link FetcherWorker}'s gauges and counters that read what its parts count anyway (the
 * scheduler's totals, page memory, URLs waiting, the seen set, the parked URLs held, restores, dead
 * letters); the meters its parts keep themselves ({@link FetchMetrics}, {@link ParkingMetrics}) are
 * theirs. The meters read this binder, which Micrometer holds weakly: the worker keeps it, so they
 * read its parts for as long as the worker lives.
 */
final class FetcherMeters implements MeterBinder {
    private final SchedulerCounts scheduler;
    private final PageMemory pages;
    private final FetchHandler handler;
    private final SeenSet seen;
    private final ParkedForwarder forwarder;
    private final SeenRestorer restorer;
    private final WorkerLoop<?> loop;
    private final WorkerLoop<?> parkingLoop;

    FetcherMeters(SchedulerCounts scheduler, PageMemory pages, FetchHandler handler, SeenSet seen,
                  ParkedForwarder forwarder, SeenRestorer restorer, WorkerLoop<?> loop, WorkerLoop<?> parkingLoop) {
        this.scheduler = scheduler;
        this.pages = pages;
        this.handler = handler;
        this.seen = seen;
        this.forwarder = forwarder;
        this.restorer = restorer;
        this.loop = loop;
        this.parkingLoop = parkingLoop;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, MeterCatalogue.FETCH_INFLIGHT, m -> m.scheduler.inFlight());
        gauge(registry, MeterCatalogue.FETCH_PAGES_UNACKED_BYTES, m -> m.pages.unacked());
        gauge(registry, MeterCatalogue.FETCH_BODIES_INFLIGHT_BYTES, m -> m.pages.receiving());
        gauge(registry, MeterCatalogue.FETCH_QUEUED, m -> m.scheduler.queued());
        gauge(registry, MeterCatalogue.FETCH_WAITING, m -> m.handler.waiting());
        gauge(registry, MeterCatalogue.FETCH_HOSTS, m -> m.scheduler.hosts());
        gauge(registry, MeterCatalogue.FETCH_HOSTS_BACKLOGGED, m -> m.scheduler.backloggedHosts());
        for (HeldBy cap : HeldBy.values()) {
            Meters.gauge(MeterCatalogue.FETCH_HOSTS_HELD, this, m -> m.scheduler.heldHosts(cap)).tag("cap", cap.tag())
                    .register(registry);
        }
        gauge(registry, MeterCatalogue.FETCH_HOSTS_LIMITED, m -> m.scheduler.limitedHosts());
        gauge(registry, MeterCatalogue.FETCH_HOSTS_LIMITED_SLOWEST, m -> m.scheduler.slowestLimitedRate());
        gauge(registry, MeterCatalogue.FETCH_SEEN_COMPLETED, m -> m.seen.completedCount());
        gauge(registry, MeterCatalogue.FETCH_SEEN_CLAIMED, m -> m.seen.claimedCount());
        gauge(registry, ParkingMetrics.HELD, m -> m.forwarder.held());
        Meters.functionCounter(MeterCatalogue.FETCH_SEEN_RESTORED, this, m -> m.restorer.recordsRead())
                .register(registry);
        Meters.functionCounter(MeterCatalogue.FETCH_DEAD_LETTERS, this,
                m -> m.loop.deadLettered() + m.parkingLoop.deadLettered()).register(registry);
    }

    private void gauge(MeterRegistry registry, String name, ToDoubleFunction<FetcherMeters> f) {
        Meters.gauge(name, this, f).register(registry);
    }
}
