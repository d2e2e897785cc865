package org.kcrawl.cli.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What stderr's /proc link must name for the command to talk to it as to a person. */
class TerminalTest {
    @Test
    void pseudoTerminalsAndConsolesAreTerminals() {
        assertThat(Terminal.isTerminalDevice("/dev/pts/3")).isTrue();
        assertThat(Terminal.isTerminalDevice("/dev/tty1")).isTrue();
        assertThat(Terminal.isTerminalDevice("/dev/ttyS0")).isTrue();
        assertThat(Terminal.isTerminalDevice("/dev/console")).isTrue();
    }

    @Test
    void pipesFilesAndTheNullDeviceAreNot() {
        assertThat(Terminal.isTerminalDevice("pipe:[48213]")).isFalse();
        assertThat(Terminal.isTerminalDevice("socket:[48213]")).isFalse();
        assertThat(Terminal.isTerminalDevice("/home/me/crawl.log")).isFalse();
        assertThat(Terminal.isTerminalDevice("/dev/null")).isFalse();
    }
}
