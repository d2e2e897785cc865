package org.kcrawl.testkit.browser;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks tests that drive a real Chromium: skipped, with the reason and the install command, where the
 * browser is missing; failed instead under CI ({@code CI=true}), whose {@code .ci/run} installs it, so a
 * missing browser cannot pass as green.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ChromiumCondition.class)
public @interface RequiresChromium {
}
