package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.http.politeness.HeldBy;
import org.kcrawl.http.politeness.ServerLimit;

/** The progress line names a limit only when it is one the command line did not ask for. */
class ImplicitLimitNoteTest {
    private final ImplicitLimitNote note = new ImplicitLimitNote(8);
    private List<ServerLimit> limits = List.of();

    private String noteFor(Object... capAndHosts) {
        Map<HeldBy, Integer> held = new EnumMap<>(HeldBy.class);
        for (int i = 0; i < capAndHosts.length; i += 2) {
            held.put((HeldBy) capAndHosts[i], (Integer) capAndHosts[i + 1]);
        }
        return note.of(cap -> held.getOrDefault(cap, 0), () -> limits);
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
        assertThat(noteFor(HeldBy.HOST_DELAY, 1)).isEqualTo("held by host delay (Crawl-delay/slow answers)");
        assertThat(noteFor(HeldBy.HOST_DELAY, 2, HeldBy.PER_ADDRESS, 1))
                .isEqualTo("2 hosts held by host delay (Crawl-delay/slow answers)");
        assertThat(noteFor(HeldBy.HOST_DELAY, 1, HeldBy.PER_ADDRESS, 1)).isEqualTo("held by per-ip cap (8)");
    }

    @Test
    void aServersLimitNamesTheHostAndItsLearnedRate() {
        limits = List.of(new ServerLimit("127.0.0.1:18480", 1, 9.4321, true));
        assertThat(noteFor(HeldBy.SERVER_LIMIT, 1, HeldBy.RATE, 3))
                .isEqualTo("held by server limit: 127.0.0.1:18480 at 9.43/s");
    }

    @Test
    void severalServersLimitsNameTheSlowestTwoAndAnAddressSaysHowManyHostsShareIt() {
        limits = List.of(new ServerLimit("10.0.0.7", 3, 2.5, true), new ServerLimit("a.test", 1, 12.24, true),
                new ServerLimit("b.test", 1, 40, false));
        assertThat(noteFor(HeldBy.SERVER_LIMIT, 4, HeldBy.PER_ADDRESS, 2))
                .isEqualTo("4 hosts held by server limits: 10.0.0.7 (3 hosts) 2.50/s, a.test 12.2/s, ...");
        assertThat(noteFor(HeldBy.SERVER_LIMIT, 1, HeldBy.HOST_DELAY, 1)).as("a server's limit wins a tie")
                .startsWith("held by server limit: ");
        assertThat(noteFor(HeldBy.SERVER_LIMIT, 1, HeldBy.PER_ADDRESS, 2)).isEqualTo("2 hosts held by per-ip cap (8)");
    }
}
