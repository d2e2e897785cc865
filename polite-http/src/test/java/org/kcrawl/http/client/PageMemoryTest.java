package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One budget for the bodies on the wire and the pages waiting for the broker: new requests stop while
 * unacknowledged pages fill their part, bodies wait in order when the budget is spent, one body at a time
 * may always finish, and nothing is counted twice or forgotten as a body becomes a page.
 */
class PageMemoryTest {
    /** 100 bytes of unacknowledged pages, 100 more for bodies, bodies of at most 40. */
    private final PageMemory memory = new PageMemory(100, 100, 40);
    private final List<String> granted = new ArrayList<>();

    private BodyMemory.Claim body() {
        return memory.claim();
    }

    private boolean reserve(BodyMemory.Claim claim, long bytes, String name) {
        return claim.reserve(bytes, () -> granted.add(name));
    }

    @Test
    void theGateClosesAtTheUnackedLimitAndTellsOnceWhenThereIsRoomAgain() {
        AtomicInteger woken = new AtomicInteger();
        memory.onRoom(woken::incrementAndGet);

        memory.take(60);
        assertThat(memory.open()).isTrue();
        memory.take(60);
        assertThat(memory.open()).as("120 of 100 unacknowledged").isFalse();
        assertThat(memory.unacked()).isEqualTo(120);

        memory.give(10);
        assertThat(memory.open()).as("110 still too many").isFalse();
        assertThat(woken).hasValue(0);

        memory.give(60);
        assertThat(memory.open()).isTrue();
        assertThat(woken).as("crossed below the limit once").hasValue(1);

        memory.give(50);
        assertThat(memory.unacked()).isZero();
        assertThat(woken).as("already open: nobody to wake").hasValue(1);
    }

    @Test
    void refusesLimitsThatCannotHoldABody() {
        assertThatThrownBy(() -> new PageMemory(0, 100, 10)).hasMessageContaining("maxUnackedPageBytes");
        assertThatThrownBy(() -> new PageMemory(100, 5, 10)).hasMessageContaining("maxInflightBodyBytes");
    }

    @Test
    void bodiesGrowWithinTheBudgetAndWaitInTheOrderTheyAskedWhenItIsSpent() {
        BodyMemory.Claim a = body();
        BodyMemory.Claim b = body();
        BodyMemory.Claim c = body();
        BodyMemory.Claim d = body();
        assertThat(reserve(a, 80, "a")).isTrue();
        assertThat(reserve(b, 80, "b")).as("160: the budget less one body's reserve").isTrue();
        assertThat(memory.open()).as("no new request while the budget is spent").isFalse();
        assertThat(reserve(c, 20, "c")).as("the first that does not fit takes the reserve").isTrue();
        assertThat(reserve(d, 10, "d")).as("the reserve is taken: wait").isFalse();
        assertThat(memory.receiving()).isEqualTo(180);

        a.close();
        assertThat(granted).containsExactly("d");
        assertThat(memory.receiving()).isEqualTo(110);
        assertThat(c.granted()).isEqualTo(20);
        assertThat(d.granted()).isEqualTo(10);
    }

    @Test
    void whenEveryBodyHoldsPartOfTheBudgetAndWantsMoreTheFirstToAskMayStillFinish() {
        List<BodyMemory.Claim> bodies = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            BodyMemory.Claim body = body();
            assertThat(reserve(body, 20, "-")).isTrue();
            bodies.add(body);
        }
        granted.clear();
        // Each wants to grow to the cap of 40: with a budget of 160 and no reserve, none ever could.
        List<Boolean> now = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            now.add(reserve(bodies.get(i), 40, "body" + i));
        }
        assertThat(now).containsExactly(true, false, false, false, false, false, false, false);

        int finished = 0;
        for (int i = 0; i < 8; i++) {
            BodyMemory.Claim body = bodies.get(i);
            assertThat(body.granted()).as("body %d may finish by now", i).isEqualTo(40);
            assertThat(memory.receiving()).isLessThanOrEqualTo(memory.limit());
            body.close();
            finished++;
        }
        assertThat(finished).isEqualTo(8);
        assertThat(granted).as("in the order they asked")
                .containsExactly("body1", "body2", "body3", "body4", "body5", "body6", "body7");
        assertThat(memory.receiving()).isZero();
        assertThat(memory.open()).isTrue();
    }

    @Test
    void withTheBrokerAwayPagesFillTheBudgetAndEvenTheFirstBodyWaitsUntilTheBrokerAcknowledges() {
        AtomicInteger woken = new AtomicInteger();
        memory.onRoom(woken::incrementAndGet);
        memory.take(150);
        assertThat(memory.open()).isFalse();

        BodyMemory.Claim a = body();
        assertThat(reserve(a, 40, "a")).as("a request already on the wire finishes, on the reserve").isTrue();
        BodyMemory.Claim b = body();
        assertThat(reserve(b, 20, "b")).isFalse();

        // a's body becomes a page: counted as a page before it stops being counted as a body.
        memory.take(40);
        a.close();
        assertThat(memory.unacked() + memory.receiving()).isEqualTo(190);
        assertThat(granted).as("with 190 of 200 held, b may not have 20 even on the reserve").isEmpty();

        memory.give(150);
        assertThat(granted).containsExactly("b");
        assertThat(memory.unacked()).isEqualTo(40);
        assertThat(memory.receiving()).isEqualTo(20);
        assertThat(woken).as("the gate opens once the broker caught up").hasValue(1);
    }

    @Test
    void theBodyWithTheReserveGoesFirstWhenItHasToWaitAgain() {
        memory.take(90);
        BodyMemory.Claim a = body();
        assertThat(reserve(a, 80, "a")).as("170: on the reserve").isTrue();
        BodyMemory.Claim b = body();
        assertThat(reserve(b, 10, "b")).isFalse();
        assertThat(reserve(a, 120, "a")).as("210 > 200").isFalse();

        memory.give(20);
        assertThat(granted).as("a first, though b asked before").containsExactly("a");
        memory.give(70);
        assertThat(granted).containsExactly("a", "b");
    }

    @Test
    void whatArrivesWhileABodyWaitsIsCountedButNotRefusedAndIsGivenBackWithTheBody() {
        BodyMemory.Claim a = body();
        BodyMemory.Claim b = body();
        reserve(a, 100, "a");
        reserve(b, 60, "b");
        BodyMemory.Claim c = body();
        assertThat(reserve(c, 50, "c")).as("210: beyond the reserve").isFalse();
        c.overdraw(30);
        assertThat(memory.receiving()).isEqualTo(190);
        assertThat(c.granted()).isZero();

        b.close();
        assertThat(granted).containsExactly("c");
        assertThat(c.granted()).isEqualTo(50);
        assertThat(memory.receiving()).as("the overdraft became part of the grant").isEqualTo(150);
        c.close();
        a.close();
        c.close();
        assertThat(memory.receiving()).isZero();
    }

    @Test
    void aBodyThatEndsWhileItWaitsLeavesTheQueue() {
        BodyMemory.Claim a = body();
        reserve(a, 160, "a");
        BodyMemory.Claim b = body();
        assertThat(reserve(b, 40, "b")).isTrue();
        BodyMemory.Claim c = body();
        assertThat(reserve(c, 10, "c")).isFalse();
        BodyMemory.Claim d = body();
        assertThat(reserve(d, 10, "d")).isFalse();

        c.close();
        b.close();
        assertThat(granted).containsExactly("d");
        a.close();
        d.close();
        assertThat(memory.receiving()).isZero();
        assertThat(memory.open()).isTrue();
    }
}
