package org.kcrawl.cli;

import java.util.function.ToIntFunction;
import org.kcrawl.http.politeness.HeldBy;

/**
 * The progress line's note for when a limit the user did not ask for holds the crawl back: the
 * per-address cap ({@code --per-ip}, which follows {@code --per-host} unless set) or a host's own
 * delay (a robots.txt Crawl-delay or a 429/503 slow-down beyond {@code --rate}). The limits the
 * command line names ({@code --per-host}, {@code --concurrency}, {@code --rate}) get no note: holding
 * the crawl to them is what they are for, and the in-flight count already shows it.
 */
final class CapNote {
    private final int perAddress;

    /** @param perAddress the per-address cap in force, which the note quotes */
    CapNote(int perAddress) {
        if (perAddress < 1) {
            throw new IllegalArgumentException("perAddress must be >= 1 but was " + perAddress);
        }
        this.perAddress = perAddress;
    }

    /**
     * The note for the hosts each limit holds back now ({@code held}), or "" when neither limit holds
     * one. When both do, the one holding more hosts is named, so the line stays short.
     */
    String of(ToIntFunction<HeldBy> held) {
        int byAddress = held.applyAsInt(HeldBy.PER_ADDRESS);
        int byHost = held.applyAsInt(HeldBy.HOST_DELAY);
        if (byAddress == 0 && byHost == 0) {
            return "";
        }
        return byAddress >= byHost
                ? heldBy(byAddress) + "per-ip cap (" + perAddress + ")"
                : heldBy(byHost) + "host delay (Crawl-delay/429/slow answers)";
    }

    private static String heldBy(int hosts) {
        return hosts == 1 ? "held by " : hosts + " hosts held by ";
    }
}
