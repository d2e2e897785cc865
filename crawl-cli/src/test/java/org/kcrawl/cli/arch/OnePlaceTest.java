package org.kcrawl.cli.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMembers;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import org.junit.jupiter.api.BeforeAll;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.Checks;
import org.kcrawl.common.kafka.PartitionOwnership;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.runtime.ManagedWorker;
import org.kcrawl.common.runtime.UsageException;

/**
 * Knowledge kept in one place stays there: argument checks in {@link Checks}, meters built from the
 * meter catalogue in common's metrics package, one usage error, every worker run the same way, and
 * partition ownership tracked by the poll loop alone.
 */
class OnePlaceTest {
    /** The types a generation is counted in (by name: the JDK's classes are not imported). */
    private static final Set<String> COUNTERS = Set.of(Integer.class.getName(), AtomicInteger.class.getName());
    private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar.*");
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // A full build puts common's test fixtures (ManualOwnership, which plays the loop for the
                // handlers' tests) on this class path as a test jar, which the option above does not know.
                .withImportOption(location -> !location.matches(TEST_JAR))
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

    /**
     * Which partitions a worker owns, and since when, is the poll loop's record alone (the ownership in
     * common's kafka package): a handler or the politeness scheduler keeps the claim a record came with and
     * asks it whether it still holds, rather than keeping epochs or generations of its own in step with the
     * loop's (the fetchers' scheduler and the parsers' handler each kept one before this rule). A Kafka
     * producer epoch (a transactional producer's fence, named {@code producerEpoch}) is not ownership.
     */
    @Test
    void onlyTheLoopTracksOwnership() {
        String loop = "org.kcrawl.common.kafka";
        ArchRule epochs = noMembers().that().areDeclaredInClassesThat().resideOutsideOfPackage(loop)
                .should().haveNameMatching("(?i)(?!.*producerepoch).*epoch.*");
        ArchRule countsPerPartition = noFields().that().areDeclaredInClassesThat().resideOutsideOfPackage(loop)
                .should(ArchConditions.be(DescribedPredicate.describe(
                        "a map counting per partition (to an int, or named for generations)",
                        OnePlaceTest::countsPerPartition)));
        ArchRule ownershipTypes = noClasses().that().resideOutsideOfPackage(loop)
                .should().haveSimpleNameContaining("Ownership");
        // The loop, its rewinds and its rebalance listener (parts of it, split out for size, on its poll thread).
        ArchRule onlyTheLoopWrites = noClasses().that().haveNameNotMatching(
                        Pattern.quote(WorkerLoop.class.getName()) + "(\\$.*)?|"
                                + Pattern.quote(WorkerLoop.class.getPackageName() + ".Rewinds") + "|"
                                + Pattern.quote(WorkerLoop.class.getPackageName() + ".PartitionHandover"))
                .should().callMethod(PartitionOwnership.class, "assign", Collection.class, RecordHandler.class)
                .orShould().callMethod(PartitionOwnership.class, "revoke", Collection.class, RecordHandler.class);
        CompositeArchRule.of(epochs).and(countsPerPartition).and(ownershipTypes).and(onlyTheLoopWrites)
                .because("partition ownership is the poll loop's: take the claim a record came with")
                .check(classes);
    }

    /**
     * A field that counts ownerships per partition: a map from {@link TopicPartition} to an int (Kafka's own
     * numbers per partition, offsets, are longs), or any map named for generations.
     */
    private static boolean countsPerPartition(JavaField field) {
        if (!(field.getType() instanceof JavaParameterizedType type) || !type.toErasure().isAssignableTo(Map.class)) {
            return false;
        }
        List<JavaType> args = type.getActualTypeArguments();
        boolean intPerPartition = args.size() == 2 && args.get(0).toErasure().isEquivalentTo(TopicPartition.class)
                && COUNTERS.contains(args.get(1).toErasure().getName());
        return intPerPartition || field.getName().toLowerCase(Locale.ROOT).contains("generation");
    }
}
