package org.kcrawl.testkit.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.io.TempDir;

/** Browser tests skip with the reason and the fix where Chromium is missing, and fail under CI instead. */
class ChromiumConditionTest {
    @TempDir
    Path dir;

    @Test
    void withoutTheBrowserTheTestsAreSkippedSayingWhyAndHowToInstallIt() {
        ConditionEvaluationResult result = ChromiumCondition.evaluate(dir.resolve("chromium"), null);

        assertThat(result.isDisabled()).isTrue();
        assertThat(result.getReason()).hasValueSatisfying(r -> assertThat(r)
                .contains("no Chromium at " + dir.resolve("chromium")).contains("apt-get install chromium"));
    }

    @Test
    void underCiAMissingBrowserIsAnErrorNotASkip() {
        assertThatThrownBy(() -> ChromiumCondition.evaluate(dir.resolve("chromium"), "true"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("apt-get install chromium");
    }

    @Test
    void anExecutableBrowserEnablesThem() throws IOException {
        Path browser = Files.createFile(dir.resolve("chromium"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));

        assertThat(ChromiumCondition.evaluate(browser, "true").isDisabled()).isFalse();
    }
}
