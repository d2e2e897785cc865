package org.kcrawl.chaos;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.kcrawl.embedded.web.RequestEvent;

/**
 * The pauses in a crawl's fetching as the server saw them: gaps between one request's start and the next.
 * Over all hosts, requests start every few milliseconds while a crawl runs, so a gap of a second is the
 * whole fetcher group standing still. Per host they start at the politeness rate, so a gap of several
 * intervals is a host whose partition changed owner (the old owner stopped, the new one restored the
 * host's state) or whose frontier ran dry, which happens near the end of a crawl.
 *
 * @param gaps the gaps at least the threshold long, in time order
 */
record FetchGaps(List<Gap> gaps) {
    /** A pause of {@code who} (a host, or {@code all}): no request started in the {@code millis} after {@code atMillis}. */
    record Gap(long atMillis, long millis, String who) {}

    FetchGaps {
        gaps = List.copyOf(gaps);
    }

    /**
     * The gaps of at least {@code thresholdMillis} between any two consecutive requests that started between
     * {@code fromNanos} and {@code toNanos} ({@link System#nanoTime()}), in milliseconds from {@code originNanos}.
     */
    static FetchGaps overall(Collection<RequestEvent> requests, long fromNanos, long toNanos, long originNanos,
                             long thresholdMillis) {
        return new FetchGaps(gaps("all", requests, fromNanos, toNanos, originNanos, thresholdMillis));
    }

    /** The same gaps taken host by host. */
    static FetchGaps perHost(Collection<RequestEvent> requests, long fromNanos, long toNanos, long originNanos,
                             long thresholdMillis) {
        Map<String, List<RequestEvent>> byHost = requests.stream()
                .collect(Collectors.groupingBy(RequestEvent::host, TreeMap::new, Collectors.toList()));
        List<Gap> out = new ArrayList<>();
        byHost.forEach((host, events) -> out.addAll(gaps(host, events, fromNanos, toNanos, originNanos, thresholdMillis)));
        out.sort(java.util.Comparator.comparingLong(Gap::atMillis));
        return new FetchGaps(out);
    }

    /** The longest gap in milliseconds, 0 when none reached the threshold. */
    long longestMillis() {
        return gaps.stream().mapToLong(Gap::millis).max().orElse(0);
    }

    private static List<Gap> gaps(String who, Collection<RequestEvent> requests, long fromNanos, long toNanos,
                                  long originNanos, long thresholdMillis) {
        long[] starts = requests.stream().mapToLong(RequestEvent::startNanos)
                .filter(t -> t >= fromNanos && t <= toNanos).sorted().toArray();
        List<Gap> out = new ArrayList<>();
        for (int i = 1; i < starts.length; i++) {
            long millis = (starts[i] - starts[i - 1]) / 1_000_000;
            if (millis >= thresholdMillis) {
                out.add(new Gap((starts[i - 1] - originNanos) / 1_000_000, millis, who));
            }
        }
        return out;
    }
}
