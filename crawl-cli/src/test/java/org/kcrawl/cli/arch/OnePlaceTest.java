package org.kcrawl.cli.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.Checks;
import org.kcrawl.common.runtime.ManagedWorker;
import org.kcrawl.common.runtime.UsageException;

/**
 * Knowledge kept in one place stays there: argument checks in {@link Checks}, meters built from the
 * meter catalogue in common's metrics package, one usage error, and every worker run the same way.
 */
class OnePlaceTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.kcrawl");
    }

    @Test
    void argumentChecksAreCommonsChecksOnly() {
        methods().that().areStatic().and().haveNameMatching("atLeast|positive|notNegative|notNull")
                .should().beDeclaredIn(Checks.class)
                .because("one way to check an argument, value first and name last, keeps the messages alike")
                .check(classes);
    }

    @Test
    void metersAreBuiltFromTheCatalogueOnly() {
        DescribedPredicate<JavaMethodCall> buildsAMeter = new DescribedPredicate<>("builds a Micrometer meter") {
            @Override
            public boolean test(JavaMethodCall call) {
                return call.getName().equals("builder")
                        && call.getTargetOwner().getPackageName().equals("io.micrometer.core.instrument");
            }
        };
        noClasses().that().resideOutsideOfPackage("org.kcrawl.common.metrics")
                .should().callMethodWhere(buildsAMeter)
                .because("a meter's name and description are the MeterCatalogue's: build it with Meters")
                .check(classes);
    }

    @Test
    void thereIsOneUsageException() {
        classes().that().haveSimpleNameEndingWith("UsageException")
                .should().haveFullyQualifiedName(UsageException.class.getName())
                .check(classes);
    }

    @Test
    void everyWorkerIsAManagedWorker() {
        classes().that().haveSimpleName("FetcherWorker").or().haveSimpleName("ParserWorker")
                .or().haveSimpleName("RenderWorker").or().haveSimpleName("ArchiverWorker")
                .should().implement(ManagedWorker.class)
                .because("a process starts, watches and stops each worker the same way, with no adapter")
                .check(classes);
    }
}
