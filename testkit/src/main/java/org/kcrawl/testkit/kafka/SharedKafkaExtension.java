package org.kcrawl.testkit.kafka;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that gives test methods, lifecycle methods and constructors a {@link TestCrawl} parameter:
 * the shared broker and a crawl name of their own, named after the test class and method.
 *
 * <pre>{@code
 * @ExtendWith(SharedKafkaExtension.class)
 * class FetcherIT {
 *     @Test
 *     void fetchesSeeds(TestCrawl crawl) {
 *         new TopicProvisioner(admin).ensure(crawl.topics(), TopicLayout.local(2));
 *     }
 * }
 * }</pre>
 */
public final class SharedKafkaExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == TestCrawl.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        String prefix = extensionContext.getRequiredTestClass().getSimpleName()
                + extensionContext.getTestMethod().map(m -> "-" + m.getName()).orElse("");
        return new TestCrawl(SharedKafka.bootstrapServers(), SharedKafka.uniqueCrawlName(prefix));
    }
}
