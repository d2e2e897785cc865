package org.kcrawl.testkit.browser;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The condition behind {@link RequiresChromium}: is the browser the render worker starts by default there. */
public final class ChromiumCondition implements ExecutionCondition {
    /** Where Debian's chromium package puts the browser (the render worker's default browser_path). */
    public static final Path CHROMIUM = Path.of(System.getProperty("kcrawl.chromium", "/usr/bin/chromium"));

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (Files.isExecutable(CHROMIUM)) {
            return ConditionEvaluationResult.enabled("Chromium at " + CHROMIUM);
        }
        String reason = "no Chromium at " + CHROMIUM + ": install Debian's package (apt-get install chromium) or"
                + " point -Dkcrawl.chromium at a Chromium executable";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            // .ci/run installs the browser: a CI run without one must not report these tests as passed.
            throw new IllegalStateException(reason);
        }
        return ConditionEvaluationResult.disabled(reason);
    }
}
