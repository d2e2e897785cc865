package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class HostBudgetTest {

    @Test
    void eachHostGetsItsOwnBudgetAndReleasedUnitsCanBeTakenAgain() {
        HostBudget budget = new HostBudget(2);

        HostCounts first = budget.tryAcquire(0, "a.test");
        assertThat(first).isNotNull();
        assertThat(budget.tryAcquire(0, "a.test")).isNotNull();
        assertThat(budget.tryAcquire(0, "a.test")).as("the third URL of a.test").isNull();
        assertThat(budget.tryAcquire(0, "b.test")).as("another host of the same partition").isNotNull();

        budget.release(first, "a.test");
        assertThat(budget.used(0, "a.test")).isEqualTo(1);
        assertThat(budget.tryAcquire(0, "a.test")).isNotNull();
        assertThat(budget.tryAcquire(0, "a.test")).isNull();
        assertThat(budget.hosts()).isEqualTo(2);
    }

    @Test
    void aRevokedPartitionsCountsAreForgottenAndLateReleasesCannotTouchTheNextAssignment() {
        HostBudget budget = new HostBudget(1);
        HostCounts before = budget.tryAcquire(3, "a.test");
        assertThat(budget.tryAcquire(3, "a.test")).isNull();

        budget.drop(List.of(3));
        assertThat(budget.used(3, "a.test")).isZero();
        HostCounts after = budget.tryAcquire(3, "a.test");
        assertThat(after).as("a new assignment starts from 0").isNotNull();
        budget.release(before, "a.test"); // a URL of the old assignment that was parked after all

        assertThat(budget.used(3, "a.test")).isEqualTo(1);
        assertThat(budget.tryAcquire(3, "a.test")).isNull();
    }

    @Test
    void hostsBackAtZeroCostNoMemory() {
        HostBudget budget = new HostBudget(5);
        HostCounts a = budget.tryAcquire(0, "a.test");
        HostCounts b = budget.tryAcquire(1, "b.test");

        budget.release(a, "a.test");
        budget.release(b, "b.test");

        assertThat(budget.hosts()).isZero();
    }

    @Test
    void zeroMeansNoLimitAndNothingIsCounted() {
        HostBudget budget = new HostBudget(0);

        assertThat(budget.limited()).isFalse();
        assertThat(budget.tryAcquire(0, "a.test")).isNull();
        assertThat(budget.hosts()).isZero();
        assertThatThrownBy(() -> new HostBudget(-1)).hasMessageContaining("max");
    }
}
