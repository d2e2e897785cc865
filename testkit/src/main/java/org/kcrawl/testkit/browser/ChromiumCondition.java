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
        return evaluate(CHROMIUM, System.getenv("CI"));
    }

    /**
     * Enabled when {@code chromium} is an executable; else disabled with the reason and the install command,
     * or, when {@code ci} is "true" (CI, whose {@code .ci/run} installs the browser), an
     * {@link IllegalStateException} with that reason, so a missing browser cannot pass as green.
     */
    static ConditionEvaluationResult evaluate(Path chromium, String ci) {
        if (Files.isExecutable(chromium)) {
            return ConditionEvaluationResult.enabled("Chromium at " + chromium);
        }
        String reason = "no Chromium at " + chromium + ": install Debian's package (apt-get install chromium) or"
                + " point -Dkcrawl.chromium at a Chromium executable";
        if ("true".equalsIgnoreCase(ci)) {
            throw new IllegalStateException(reason);
        }
        return ConditionEvaluationResult.disabled(reason);
    }
}
