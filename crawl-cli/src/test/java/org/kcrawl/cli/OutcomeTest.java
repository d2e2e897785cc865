package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which reason to stop stands when several come, and the exit code each one gives. */
class OutcomeTest {
    @Test
    void theFirstReasonStands() {
        assertThat(Outcome.settle(null, Outcome.OUTPUT_CLOSED)).isEqualTo(Outcome.OUTPUT_CLOSED);
        assertThat(Outcome.settle(Outcome.INTERRUPTED, Outcome.OUTPUT_CLOSED)).isEqualTo(Outcome.INTERRUPTED);
        assertThat(Outcome.settle(Outcome.OUTPUT_CLOSED, Outcome.DRAINED)).isEqualTo(Outcome.OUTPUT_CLOSED);
        assertThat(Outcome.settle(Outcome.DRAINED, Outcome.LIMIT_REACHED)).isEqualTo(Outcome.DRAINED);
    }

    @Test
    void aFailureAfterASuccessWinsSoAnIncompleteOutputNeverExitsZero() {
        assertThat(Outcome.settle(Outcome.DRAINED, Outcome.OUTPUT_CLOSED)).isEqualTo(Outcome.OUTPUT_CLOSED);
        assertThat(Outcome.settle(Outcome.LIMIT_REACHED, Outcome.OUTPUT_FAILED)).isEqualTo(Outcome.OUTPUT_FAILED);
    }

    @Test
    void aClosedPipeExits141LikeAProcessKilledBySigpipe() {
        assertThat(Outcome.OUTPUT_CLOSED.exitCode()).isEqualTo(141);
        assertThat(Outcome.OUTPUT_FAILED.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(Outcome.INTERRUPTED.exitCode()).isEqualTo(130);
        assertThat(Outcome.DRAINED.exitCode()).isZero();
    }
}
