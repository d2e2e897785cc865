package org.kcrawl.cli;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import org.kcrawl.http.politeness.HeldBy;
import org.kcrawl.http.politeness.ServerLimit;

/**
 * The progress line's note for when a limit the user did not ask for holds the crawl back: the
 * per-address cap ({@code --per-address}, which follows {@code --per-host} unless set), a host's own delay
 * (a robots.txt Crawl-delay, or its slow answers with {@code adaptive}) or its server's limit (the rate
 * its refusals taught, named with the hosts it holds and their rates). The limits the command line names
 * ({@code --per-host}, {@code --concurrency}, {@code --rate}) get no note: holding the crawl to them is
 * what they are for, and the in-flight count already shows it.
 */
final class ImplicitLimitNote {
    /** Hosts (or addresses) named with their rates at most. */
    static final int NAMED = 2;

    private final int perAddress;

    /** @param perAddress the per-address cap in force, which the note quotes */
    ImplicitLimitNote(int perAddress) {
        if (perAddress < 1) {
            throw new IllegalArgumentException("perAddress must be >= 1 but was " + perAddress);
        }
        this.perAddress = perAddress;
    }

    /**
     * The note for the hosts each limit holds back now ({@code held}), or "" when none of these limits holds
     * one; {@code limits} names the hosts servers limit, slowest first. When several limits hold hosts, the
     * one holding more is named (a server's limit on a tie), so the line stays short.
     */
    String of(ToIntFunction<HeldBy> held, Supplier<List<ServerLimit>> limits) {
        int byAddress = held.applyAsInt(HeldBy.PER_ADDRESS);
        int byHost = held.applyAsInt(HeldBy.HOST_DELAY);
        int byServer = held.applyAsInt(HeldBy.SERVER_LIMIT);
        if (byServer > 0 && byServer >= byAddress && byServer >= byHost) {
            return heldBy(byServer) + (byServer == 1 ? "server limit: " : "server limits: ")
                    + named(limits.get(), byServer == 1);
        }
        if (byAddress == 0 && byHost == 0) {
            return "";
        }
        return byAddress >= byHost
                ? heldBy(byAddress) + "per-ip cap (" + perAddress + ")"
                : heldBy(byHost) + "host delay (Crawl-delay/slow answers)";
    }

    /** "a.test at 9.4/s", or "a.test 9.4/s, 10.0.0.7 (3 hosts) 2.1/s, ...". */
    private static String named(List<ServerLimit> limits, boolean one) {
        if (limits.isEmpty()) {
            return "429/503"; // released meanwhile: nothing to name
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(NAMED, limits.size()); i++) {
            ServerLimit l = limits.get(i);
            out.append(i == 0 ? "" : ", ").append(l.name());
            if (l.hosts() > 1) {
                out.append(" (").append(l.hosts()).append(" hosts)");
            }
            out.append(one && limits.size() == 1 ? " at " : " ").append(rate(l.rate())).append("/s");
        }
        if (limits.size() > NAMED) {
            out.append(", ...");
        }
        return out.toString();
    }

    /** A rate with two significant decimals below 10/s, one above. */
    static String rate(double r) {
        return r >= 10 ? String.format(Locale.ROOT, "%.1f", r) : String.format(Locale.ROOT, "%.2f", r);
    }

    private static String heldBy(int hosts) {
        return hosts == 1 ? "held by " : hosts + " hosts held by ";
    }
}
