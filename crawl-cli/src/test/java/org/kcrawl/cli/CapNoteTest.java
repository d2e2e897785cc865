package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.http.politeness.HeldBy;

/** The progress line names a limit only when it is one the command line did not ask for. */
class CapNoteTest {
    private final CapNote note = new CapNote(8);

    private String noteFor(Object... capAndHosts) {
        Map<HeldBy, Integer> held = new EnumMap<>(HeldBy.class);
        for (int i = 0; i < capAndHosts.length; i += 2) {
            held.put((HeldBy) capAndHosts[i], (Integer) capAndHosts[i + 1]);
        }
        return note.of(cap -> held.getOrDefault(cap, 0));
    }

    @Test
    void theLimitsTheUserAskedForGetNoNote() {
        assertThat(noteFor()).isEmpty();
        assertThat(noteFor(HeldBy.PER_HOST, 3, HeldBy.CONCURRENCY, 40, HeldBy.RATE, 100)).isEmpty();
    }

    @Test
    void thePerAddressCapIsNamedWithItsValue() {
        assertThat(noteFor(HeldBy.PER_ADDRESS, 1)).isEqualTo("held by per-ip cap (8)");
        assertThat(noteFor(HeldBy.PER_ADDRESS, 3, HeldBy.RATE, 50)).isEqualTo("3 hosts held by per-ip cap (8)");
    }

    @Test
    void aHostsOwnDelayIsNamedAndTheLimitHoldingMoreHostsWins() {
        assertThat(noteFor(HeldBy.HOST_DELAY, 1)).isEqualTo("held by host delay (Crawl-delay/429/slow answers)");
        assertThat(noteFor(HeldBy.HOST_DELAY, 2, HeldBy.PER_ADDRESS, 1))
                .isEqualTo("2 hosts held by host delay (Crawl-delay/429/slow answers)");
        assertThat(noteFor(HeldBy.HOST_DELAY, 1, HeldBy.PER_ADDRESS, 1)).isEqualTo("held by per-ip cap (8)");
    }
}
