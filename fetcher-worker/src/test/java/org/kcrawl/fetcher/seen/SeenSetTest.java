package org.kcrawl.fetcher.seen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.SeenMarkers;

class SeenSetTest {
    /** When the tests' fetches complete. */
    private static final long NOW = 1_764_000_000_000L;
    private final SeenSet seen = new SeenSet();

    SeenSetTest() {
        seen.restore(0, CompletedSets.of(42L));
        seen.restore(1, CompletedSets.of());
    }

    @Test
    void aNewRequestIsADuplicateWhenClaimedOrCompleted() {
        assertThat(seen.claim(0, 7L, false)).isTrue();
        assertThat(seen.claim(0, 7L, false)).as("claimed in this session").isFalse();
        assertThat(seen.claim(0, 42L, false)).as("completed in an earlier session").isFalse();
    }

    @Test
    void aRetryTakesOverTheClaimItsAttemptHandedOverAndIsADuplicateWhenCompleted() {
        assertThat(seen.claim(0, 7L, false)).isTrue();
        seen.handOver(0, 7L);
        assertThat(seen.claim(0, 7L, true)).as("its own first attempt handed the claim over").isTrue();
        assertThat(seen.claim(0, 42L, true)).isFalse();

        seen.completed(0, 7L, NOW, -1);

        assertThat(seen.claim(0, 7L, true)).isFalse();
    }

    @Test
    void aRetryIsADuplicateWhileAnotherCopyHoldsTheClaim() {
        // After a restart: the first attempt is redelivered and in flight when the retry it had
        // published in the earlier session arrives. Only one of them may be fetched.
        assertThat(seen.claim(0, 7L, false)).isTrue();
        assertThat(seen.claim(0, 7L, true)).isFalse();

        assertThat(seen.claim(0, 9L, true)).as("no copy holds it: claims were lost in the restart").isTrue();
    }

    @Test
    void aHandOverIsTakenOnce() {
        seen.claim(0, 7L, false);
        seen.handOver(0, 7L);

        assertThat(seen.claim(0, 7L, true)).isTrue();
        assertThat(seen.claim(0, 7L, true)).as("a second copy of the retry").isFalse();
    }

    @Test
    void completingReplacesTheClaim() {
        seen.claim(0, 7L, false);
        assertThat(seen.claimedCount()).isEqualTo(1);

        seen.completed(0, 7L, NOW, -1);

        assertThat(seen.claimedCount()).isZero();
        assertThat(seen.completedCount()).isEqualTo(2);
        assertThat(seen.isCompleted(0, 7L)).isTrue();
    }

    @Test
    void anUnclaimedUrlMayBeClaimedAgain() {
        seen.claim(0, 7L, false);
        seen.unclaim(0, 7L);

        assertThat(seen.claim(0, 7L, false)).isTrue();
    }

    @Test
    void partitionsAreIndependent() {
        seen.claim(0, 7L, false);

        assertThat(seen.claim(1, 7L, false)).isTrue();
        assertThat(seen.claim(1, 42L, false)).isTrue();
    }

    @Test
    void droppingAPartitionForgetsClaimsAndRefusesToGuess() {
        seen.claim(0, 7L, false);
        seen.drop(List.of(0));

        assertThat(seen.owns(0)).isFalse();
        assertThatThrownBy(() -> seen.claim(0, 7L, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("partition 0");
        seen.completed(0, 7L, NOW, -1); // late completion of a revoked partition: ignored

        seen.restore(0, CompletedSets.of());
        assertThat(seen.claim(0, 7L, false)).as("claims do not survive a revoke").isTrue();
    }

    @Test
    void markersRoundTripEveryFingerprint() {
        for (long fp : new long[] {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x0123456789abcdefL}) {
            String key = SeenMarkers.key(fp);
            assertThat(key).hasSize(16).matches("[0-9a-f]{16}");
            assertThat(SeenMarkers.fingerprint(key)).isEqualTo(fp);
        }
        assertThat(SeenMarkers.key(255L)).isEqualTo("00000000000000ff");
        assertThat(SeenMarkers.value()).isNotEmpty();
    }

    @Test
    void malformedMarkerKeysAreRejectedByName() {
        assertThatThrownBy(() -> SeenMarkers.fingerprint("xyz")).hasMessageContaining("'xyz'");
        assertThatThrownBy(() -> SeenMarkers.fingerprint("zzzzzzzzzzzzzzzz")).hasMessageContaining("16 hex");
    }

    @Test
    void aRecrawlOfACompletedUrlIsFetchedOnceWhicheverCopyComesFirst() {
        SeenSet seen = new SeenSet();
        seen.restore(0, CompletedSets.of());
        java.time.Instant first = java.time.Instant.parse("2026-11-29T12:00:00Z");
        seen.claim(0, 42L, false);
        seen.completed(0, 42L, first.toEpochMilli(), -1);
        org.kcrawl.common.message.Revisit ofFirst = new org.kcrawl.common.message.Revisit(first, "\"e\"", null, null, 0);

        assertThat(seen.claim(0, 42L, false)).as("a plain request of a completed URL").isFalse();
        assertThat(seen.claim(0, 42L, false, ofFirst)).as("a recrawl of the fetch the store holds").isTrue();
        assertThat(seen.claim(0, 42L, false, ofFirst)).as("a second copy while the first is in flight").isFalse();
        seen.completed(0, 42L, first.plusSeconds(86400).toEpochMilli(), -1);
        assertThat(seen.claim(0, 42L, false, ofFirst)).as("a copy naming an older fetch than the newest").isFalse();
        assertThat(seen.claim(0, 42L, false, new org.kcrawl.common.message.Revisit(first.plusSeconds(86400), null,
                null, null, 0))).as("the next recrawl").isTrue();
    }

    @Test
    void restoredFetchTimesDecideRecrawlsAfterARestart() {
        SeenSet seen = new SeenSet();
        it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap times = new it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap();
        java.time.Instant fetched = java.time.Instant.parse("2026-11-29T12:00:00Z");
        times.put(42L, FetchTimes.of(fetched.plusSeconds(60)));
        seen.restore(0, CompletedSets.of(times));

        assertThat(seen.claim(0, 42L, false, new org.kcrawl.common.message.Revisit(fetched, null, null, null, 0)))
                .as("fetched again after the fetch this recrawl names").isFalse();
        assertThat(seen.claim(0, 42L, false, new org.kcrawl.common.message.Revisit(fetched.plusSeconds(60), null,
                null, null, 0))).isTrue();
    }
}
