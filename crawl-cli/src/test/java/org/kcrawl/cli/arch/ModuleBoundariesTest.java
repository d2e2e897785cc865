package org.kcrawl.cli.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.scope.DepthFilter;
import org.kcrawl.common.scope.LinkFilter;
import org.kcrawl.common.scope.PatternFilter;
import org.kcrawl.common.scope.RepeatedSegmentsFilter;
import org.kcrawl.common.scope.SiteScopeFilter;
import org.kcrawl.common.scope.UrlLengthFilter;
import org.kcrawl.fetcher.crawl.FetcherConfig;

/**
 * Guards the module boundaries the design rests on: common knows neither HTTP nor HTML, the two
 * workers know nothing of each other, polite-http and embedded know no worker, and no production code
 * reaches into test support (the crawl command embeds the broker and serves the demo web from embedded).
 */
class ModuleBoundariesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.kcrawl");
    }

    @Test
    void commonDependsOnNeitherNettyNorJsoup() {
        noClasses().that().resideInAPackage("org.kcrawl.common..")
                .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "org.jsoup..")
                .check(classes);
    }

    @Test
    void commonDependsOnNoOtherModule() {
        noClasses().that().resideInAPackage("org.kcrawl.common..")
                .should().dependOnClassesThat().resideInAnyPackage("org.kcrawl.http..", "org.kcrawl.fetcher..",
                        "org.kcrawl.parser..", "org.kcrawl.render..", "org.kcrawl.archiver..", "org.kcrawl.cli..",
                        "org.kcrawl.embedded..", "org.kcrawl.testkit..")
                .check(classes);
    }

    /** polite-http fetches for whoever asks: it knows no worker, no command and no test support. */
    @Test
    void politeHttpDependsOnNoWorker() {
        noClasses().that().resideInAPackage("org.kcrawl.http..")
                .should().dependOnClassesThat().resideInAnyPackage("org.kcrawl.fetcher..", "org.kcrawl.parser..",
                        "org.kcrawl.render..", "org.kcrawl.archiver..", "org.kcrawl.cli..", "org.kcrawl.embedded..",
                        "org.kcrawl.testkit..")
                .check(classes);
    }

    /** What the shipped command embeds (broker, synthetic web) knows no worker and no test support. */
    @Test
    void embeddedDependsOnNoWorker() {
        noClasses().that().resideInAPackage("org.kcrawl.embedded..")
                .should().dependOnClassesThat().resideInAnyPackage("org.kcrawl.http..", "org.kcrawl.fetcher..",
                        "org.kcrawl.parser..", "org.kcrawl.render..", "org.kcrawl.archiver..", "org.kcrawl.cli..",
                        "org.kcrawl.testkit..")
                .check(classes);
    }

    /**
     * The render worker fetches through polite-http, not through the fetcher: of fetcher-worker it reads the
     * configuration alone, the fetch settings it shares with the fetchers (its own are {@code RendererConfig}).
     */
    @Test
    void renderUsesNothingOfTheFetcherButItsConfiguration() {
        noClasses().that().resideInAPackage("org.kcrawl.render..")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("org.kcrawl.fetcher..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.belongToAnyOf(FetcherConfig.class))))
                .check(classes);
    }

    @Test
    void fetcherAndParserAreIndependent() {
        noClasses().that().resideInAPackage("org.kcrawl.fetcher..")
                .should().dependOnClassesThat().resideInAPackage("org.kcrawl.parser..")
                .check(classes);
        noClasses().that().resideInAPackage("org.kcrawl.parser..")
                .should().dependOnClassesThat().resideInAPackage("org.kcrawl.fetcher..")
                .check(classes);
    }

    @Test
    void parserNeverTouchesNetty() {
        noClasses().that().resideInAPackage("org.kcrawl.parser..")
                .should().dependOnClassesThat().resideInAPackage("io.netty..")
                .check(classes);
    }

    @Test
    void workersDoNotDependOnTestSupport() {
        noClasses().that().resideInAnyPackage("org.kcrawl.fetcher..", "org.kcrawl.parser..", "org.kcrawl.common..",
                        "org.kcrawl.http..", "org.kcrawl.render..", "org.kcrawl.archiver..", "org.kcrawl.cli..",
                        "org.kcrawl.embedded..")
                .should().dependOnClassesThat().resideInAPackage("org.kcrawl.testkit..")
                .check(classes);
    }

    /**
     * Whether a URL is crawled is decided in one place, the scope module in common ({@code UrlScope} over
     * its rules), for links, sitemaps, redirects and refreshes alike: no rule lives elsewhere, and nothing
     * else builds the rules one by one.
     */
    @Test
    void onlyTheScopeModuleDecidesScope() {
        classes().that().implement(LinkFilter.class).should().resideInAPackage("org.kcrawl.common.scope")
                .check(classes);
        noClasses().that().resideOutsideOfPackage("org.kcrawl.common.scope")
                .should().dependOnClassesThat().belongToAnyOf(SiteScopeFilter.class, PatternFilter.class,
                        UrlLengthFilter.class, RepeatedSegmentsFilter.class, DepthFilter.class)
                .check(classes);
    }
}
