package org.kcrawl.fetcher.seen;

import java.time.Duration;

/**
 * How long restoring one seen partition may take: a fixed allowance (the broker answering, the
 * first fetch) plus its records to read at the slowest rate still counted as progress. A partition
 * with 20M records gets minutes; a checkpointed one with a short tail gets little more than the
 * allowance, so a stuck restore fails as soon as it is clearly stuck rather than after one global timeout.
 *
 * @param allowance     time every partition gets whatever its size ({@code seen_restore_timeout})
 * @param minRecordsPerSecond the slowest reading that is not stuck ({@code seen_restore_min_rate})
 */
public record RestoreBudget(Duration allowance, long minRecordsPerSecond) {

    public RestoreBudget {
        if (allowance == null || allowance.isNegative() || allowance.isZero()) {
            throw new IllegalArgumentException("allowance must be positive but was " + allowance);
        }
        if (minRecordsPerSecond < 1) {
            throw new IllegalArgumentException("minRecordsPerSecond must be >= 1 but was " + minRecordsPerSecond);
        }
    }

    /** The time to read {@code records} records. */
    public Duration forRecords(long records) {
        long extraMillis = Math.max(0, records) * 1000 / minRecordsPerSecond;
        return allowance.plusMillis(extraMillis);
    }
}
