package org.kcrawl.fetcher.crawl;

import java.util.LinkedHashMap;
import java.util.Map;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.LearnedHostRate;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.fetcher.seen.SeenRestorer;
import org.kcrawl.http.politeness.HostRate;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.RateListener;
import org.kcrawl.http.politeness.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the rates hosts learn from their servers' refusals on the host-rates topic, where the next owner of
 * a host's partition reads them ({@link org.kcrawl.fetcher.seen.SeenRestorer}): a rate is published at every cut
 * that takes it below the rate last published (a refusal: the next owner must not start above the limit, as it
 * would with the rate before a small cut) and when it has climbed by {@link #STEP} or more since the last one
 * published, and a host back at the configured rate gets a tombstone. So a limited host
 * costs a small record every few seconds at most, and a host never refused costs nothing. A record lost
 * with an aborted transaction only leaves the next owner an older rate. Logs each host's first limit and
 * its recovery.
 */
final class HostRatePublisher implements RateListener {
    private static final Logger log = LoggerFactory.getLogger(HostRatePublisher.class);
    /** The relative change of a host's rate that is published. */
    static final double STEP = 0.1;
    /** Hosts whose last published rate is remembered (the least recently published go first). */
    static final int MAX_HOSTS = 100_000;

    private final OutputPublisher outputs;
    private final TimeSource time;
    /** The rate last published for each limited host; guarded by itself. */
    private final Map<String, Double> published = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Double> eldest) {
            return size() > MAX_HOSTS;
        }
    };

    HostRatePublisher(OutputPublisher outputs, TimeSource time) {
        this.outputs = outputs;
        this.time = time;
    }

    /**
     * When {@code config} learns rate limits, keeps the rates {@code scheduler}'s hosts learn on the host-rates
     * topic and has {@code restorer} hand those of each assigned partition back to it: a host's learned rate
     * outlives this worker, and the next owner of its partition starts at it.
     */
    static void keepLearnedRates(FetcherConfig config, HostScheduler scheduler, SeenRestorer restorer,
                                 OutputPublisher outputs, TimeSource time) {
        if (config.learnRateLimits()) {
            scheduler.rateListener(new HostRatePublisher(outputs, time));
            restorer.restoreHostRates(config.topics().hostRates(), scheduler::resumeRates);
        }
    }

    @Override
    public void changed(HostRate rate) {
        Double last;
        boolean publish;
        synchronized (published) {
            last = published.get(rate.host());
            if (!rate.limited()) {
                publish = published.remove(rate.host()) != null;
            } else {
                // Every cut below what was published, however small (a refusal near the last one cuts by 4 %):
                // the next owner must not start above the limit. A climb waits until it is worth a record.
                publish = last == null || rate.rate() < last || rate.rate() - last >= STEP * last;
                if (publish) {
                    published.put(rate.host(), rate.rate());
                }
            }
        }
        if (!publish) {
            return;
        }
        if (last == null) {
            log.info("{} refused requests: keeping to {} requests/s (learned from its server; last refused at {}/s)",
                    rate.host(), round(rate.rate()), round(rate.refusedAt()));
        } else if (!rate.limited()) {
            log.info("{} is back at the configured rate ({} requests/s): its server stopped refusing", rate.host(),
                    round(rate.rate()));
        }
        LearnedHostRate value = rate.limited() ? new LearnedHostRate(SchemaVersions.CURRENT, rate.host(), rate.rate(),
                rate.refusedAt(), time.now()) : null;
        outputs.hostRate(rate.partition(), rate.host(), value).whenComplete((v, error) -> {
            if (error != null) {
                log.warn("could not keep the learned rate of {} on the host-rates topic (its next owner starts"
                        + " higher): {}", rate.host(), error.toString());
            }
        });
    }

    private static double round(double rate) {
        return Math.round(rate * 100) / 100.0;
    }
}
