package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** How a connection's proxy is chosen, on a fake clock: sticky hosts, turns, cool-downs. */
class ProxyRotationTest {
    private static final Duration COOL_DOWN = Duration.ofSeconds(60);
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private ProxyRotation rotation(ProxyMode mode, int proxies) {
        List<ProxySettings> list = new ArrayList<>();
        for (int i = 0; i < proxies; i++) {
            list.add(ProxySettings.of(ProxySettings.Type.HTTP, "127.0.0.1", 3128 + i));
        }
        return new ProxyRotation(list, mode, Duration.ofSeconds(5), COOL_DOWN, now::get);
    }

    private static List<String> hosts(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add("site-" + i + ".example");
        }
        return out;
    }

    private static void failSilently(ProxyRotation r, int proxy, int times) {
        for (int i = 0; i < times; i++) {
            r.recordFailure(proxy, false);
        }
    }

    @Test
    void stickyKeepsEachHostOnOneProxyAndSpreadsHostsOverAll() {
        ProxyRotation r = rotation(ProxyMode.STICKY, 3);
        int[] perProxy = new int[3];
        for (String host : hosts(3000)) {
            int first = r.choose(host);
            for (int i = 0; i < 5; i++) {
                assertThat(r.choose(host)).as(host).isEqualTo(first);
            }
            perProxy[first]++;
        }
        for (int n : perProxy) {
            assertThat(n).isBetween(850, 1150);
        }
    }

    @Test
    void aProxyThatFailsThreeTimesInARowCoolsDownAndOnlyItsHostsMoveUntilItIsBack() {
        ProxyRotation r = rotation(ProxyMode.STICKY, 3);
        Map<String, Integer> before = new HashMap<>();
        hosts(300).forEach(h -> before.put(h, r.choose(h)));

        failSilently(r, 1, 2);
        r.recordSuccess(1);
        failSilently(r, 1, 2);
        assertThat(r.coolingDown()).as("a success in between starts the count again").containsExactly(false, false, false);
        r.recordFailure(1, false);
        assertThat(r.coolingDown()).containsExactly(false, true, false);

        before.forEach((host, proxy) -> {
            int now = r.choose(host);
            if (proxy == 1) {
                assertThat(now).as(host).isNotEqualTo(1);
            } else {
                assertThat(now).as("%s stays where it was", host).isEqualTo(proxy);
            }
        });

        now.addAndGet(COOL_DOWN.toNanos() - 1);
        assertThat(r.coolingDown()).containsExactly(false, true, false);
        now.addAndGet(1);
        assertThat(r.coolingDown()).containsExactly(false, false, false);
        before.forEach((host, proxy) -> assertThat(r.choose(host)).as("%s is back", host).isEqualTo(proxy));
    }

    @Test
    void aProxyThatAnsweredIsNotBlamedForItsDestination() {
        ProxyRotation r = rotation(ProxyMode.STICKY, 2);
        for (int i = 0; i < 10; i++) {
            r.recordFailure(0, true);
        }
        assertThat(r.coolingDown()).containsExactly(false, false);
        assertThat(r.failures()).containsExactly(10L, 0L);
    }

    @Test
    void roundRobinTakesTurnsAndSkipsAProxyCoolingDown() {
        ProxyRotation r = rotation(ProxyMode.ROUND_ROBIN, 3);
        List<Integer> picks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            picks.add(r.choose("one.example"));
        }
        assertThat(picks).containsExactly(0, 1, 2, 0, 1, 2);

        failSilently(r, 1, 3);
        picks.clear();
        for (int i = 0; i < 6; i++) {
            picks.add(r.choose("one.example"));
        }
        assertThat(picks).doesNotContain(1).contains(0, 2);
    }

    @Test
    void whenEveryProxyCoolsDownHostsKeepTheirOwnAndASuccessEndsTheCoolDown() {
        ProxyRotation r = rotation(ProxyMode.STICKY, 2);
        Map<String, Integer> before = new HashMap<>();
        hosts(50).forEach(h -> before.put(h, r.choose(h)));
        failSilently(r, 0, 3);
        failSilently(r, 1, 3);
        assertThat(r.coolingDown()).containsExactly(true, true);
        before.forEach((host, proxy) -> assertThat(r.choose(host)).isEqualTo(proxy));

        r.recordSuccess(0);
        assertThat(r.coolingDown()).containsExactly(false, true);
        assertThat(r.successes()).containsExactly(1L, 0L);
    }

    @Test
    void withoutProxiesEveryConnectionIsDirect() {
        assertThat(rotation(ProxyMode.STICKY, 0).choose("a.example")).isEqualTo(-1);
        assertThat(rotation(ProxyMode.ROUND_ROBIN, 1).choose("a.example")).isZero();
    }
}
