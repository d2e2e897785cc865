package org.kcrawl.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LogFormatTest {
    @Test
    void aTerminalGetsTextAndEverythingElseJson() {
        assertThat(LogFormat.choose(Map.of(), true)).isEqualTo("TEXT");
        assertThat(LogFormat.choose(Map.of(), false)).isEqualTo("JSON");
    }

    @Test
    void theVariableOverridesTheGuess() {
        assertThat(LogFormat.choose(Map.of(LogFormat.ENV, "json"), true)).isEqualTo("JSON");
        assertThat(LogFormat.choose(Map.of(LogFormat.ENV, " Text "), false)).isEqualTo("TEXT");
        assertThatThrownBy(() -> LogFormat.choose(Map.of(LogFormat.ENV, "xml"), false))
                .hasMessageContaining(LogFormat.ENV).hasMessageContaining("xml");
    }
}
