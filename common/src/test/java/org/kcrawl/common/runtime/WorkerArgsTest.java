package org.kcrawl.common.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line every worker accepts, and the messages naming what it refuses. */
class WorkerArgsTest {

    @Test
    void noArgumentsMeanNoFileAndNoHelp() {
        assertThat(WorkerArgs.parse(new String[0])).isEqualTo(new WorkerArgs(null, false));
    }

    @Test
    void readsTheConfigFileInBothForms() {
        assertThat(WorkerArgs.parse(new String[] {"--config", "p.yaml"}).configFile()).isEqualTo(Path.of("p.yaml"));
        assertThat(WorkerArgs.parse(new String[] {"--config=q.yaml"}).configFile()).isEqualTo(Path.of("q.yaml"));
        assertThat(WorkerArgs.parse(new String[] {"--config", "a.yaml", "--config=b.yaml"}).configFile())
                .as("the last one wins").isEqualTo(Path.of("b.yaml"));
    }

    @Test
    void helpWinsOverWhatFollowsIt() {
        assertThat(WorkerArgs.parse(new String[] {"--help"}).help()).isTrue();
        assertThat(WorkerArgs.parse(new String[] {"--config", "p.yaml", "-h", "--bogus"}).help()).isTrue();
    }

    @Test
    void refusesWhatItCannotUseNamingIt() {
        assertThatThrownBy(() -> WorkerArgs.parse(new String[] {"--verbose"})).isInstanceOf(UsageException.class)
                .hasMessage("unknown argument '--verbose'");
        assertThatThrownBy(() -> WorkerArgs.parse(new String[] {"--bogus", "--help"}))
                .hasMessage("unknown argument '--bogus'");
        assertThatThrownBy(() -> WorkerArgs.parse(new String[] {"--config"})).isInstanceOf(UsageException.class)
                .hasMessage("--config needs a FILE");
        assertThatThrownBy(() -> WorkerArgs.parse(new String[] {"--config="})).hasMessage("--config needs a FILE");
        assertThatThrownBy(() -> WorkerArgs.parse(new String[] {"p.yaml"})).hasMessage("unknown argument 'p.yaml'");
    }
}
