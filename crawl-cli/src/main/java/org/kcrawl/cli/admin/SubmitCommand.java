package org.kcrawl.cli.admin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.kcrawl.cli.SeedInput;
import org.kcrawl.cli.recrawl.RecrawlSelection;
import org.kcrawl.cli.recrawl.Recrawls;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.UrlNormalizer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code crawl submit}: feeds seed URLs to a crawl running on a Kafka cluster. */
@Command(name = "submit", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Submits seed URLs to a crawl on a Kafka cluster.",
        description = {
            "Checks and normalizes the URLs as the crawl command does, "
                    + "creates the crawl's topics when missing, produces the seeds' sites to <crawl>.scope "
                    + "(so the workers count them as the crawl's own) and one request per URL to <crawl>.urls "
                    + "(keyed by host), and waits until the broker has acknowledged all of them.",
            "URLs already crawled are skipped by the fetchers' seen-set, so submitting twice is harmless.",
            "With --recrawl-after or --recrawl-due it first asks for the known URLs to be fetched again "
                    + "(conditionally), as crawl --recrawl-after does locally."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every seed was acknowledged", "1:Kafka failed or did not answer in time",
            "2:bad options or URLs (nothing was submitted)"})
public final class SubmitCommand extends ClusterCommand {
    @Option(names = "--seeds", paramLabel = "FILE",
            description = "Read seed URLs from FILE (- for stdin), one a line; '#' starts a comment line.")
    String seedsFile;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "4",
            description = "Partitions of topics this command creates (default: ${DEFAULT-VALUE}); "
                    + "existing topics are left as they are.")
    int partitions;

    @Option(names = "--recrawl-after", paramLabel = "DURATION",
            description = "Also fetch again, conditionally, every URL the crawl knows that was last fetched longer "
                    + "ago than DURATION (0s, 12h, 7d); URLs are then optional.")
    String recrawlAfter;

    @Option(names = "--recrawl-due",
            description = "Also fetch again, conditionally, every known URL whose next fetch date has come "
                    + "(the fetchers' revisit_interval); URLs are then optional.")
    boolean recrawlDue;

    @Parameters(paramLabel = "URL", arity = "0..*", description = "Seed URLs (http or https).")
    List<String> urls = new ArrayList<>();

    private List<String> seeds;
    private RecrawlSelection recrawl;

    @Override
    void validate() {
        if (partitions < 1) {
            throw new UsageException("--partitions must be >= 1, got " + partitions);
        }
        SeedInput input = new SeedInput(UrlNormalizer.defaults(), UsageException::new).addArguments(urls);
        if (seedsFile != null) {
            readSeedList(input);
        }
        seeds = input.seeds();
        if (recrawlAfter != null && recrawlDue) {
            throw new UsageException("--recrawl-after and --recrawl-due choose the URLs to fetch again two"
                    + " ways; give one");
        }
        try {
            recrawl = recrawlAfter != null ? RecrawlSelection.olderThan(RecrawlSelection.parseAge(recrawlAfter),
                    Instant.now()) : recrawlDue ? RecrawlSelection.due(Instant.now()) : null;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--recrawl-after: " + e.getMessage());
        }
        if (seeds.isEmpty() && recrawl == null) {
            throw new UsageException("no seed URLs: give URLs as arguments or --seeds FILE");
        }
    }

    @Override
    int execute(KafkaCalls calls) {
        KafkaClients clients = cluster.clients(System.getenv());
        CrawlTopics topics = cluster.topics();
        Duration timeout = cluster.timeout();
        Admin admin = clients.admin();
        try {
            int brokers = calls.await(admin.describeCluster().nodes(), "describing the cluster").size();
            TopicProvisioner provisioner = new TopicProvisioner(admin);
            provisioner.ensure(topics, TopicLayout.forCluster(partitions, brokers));
            provisioner.checkCoPartitioned(topics);
        } catch (IllegalStateException e) {
            throw new ClusterException(e.getMessage(), e);
        } finally {
            admin.close(timeout);
        }
        if (recrawl != null) {
            try {
                out().println(Recrawls.summary(recrawl, Recrawls.start(clients, topics, recrawl, timeout)));
            } catch (IllegalStateException | org.apache.kafka.common.KafkaException e) {
                throw new ClusterException("cannot start the recrawl: " + e.getMessage(), e);
            }
            if (seeds.isEmpty()) {
                return OK;
            }
        }
        long submitted;
        KafkaProducer<String, byte[]> producer = clients.producer(topics.crawlName() + "-submit");
        try {
            submitted = new SeedPublisher(producer, topics).publish(seeds, Instant.now(), timeout);
        } finally {
            producer.close(timeout);
        }
        out().printf("submitted %d seed URL%s to %s%n", submitted, submitted == 1 ? "" : "s", topics.urls());
        return OK;
    }

    private void readSeedList(SeedInput input) {
        try {
            if ("-".equals(seedsFile)) {
                // stdin belongs to the process: it is not ours to close.
                BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                input.addLines(stdin, "stdin");
            } else {
                try (BufferedReader reader = Files.newBufferedReader(Path.of(seedsFile), StandardCharsets.UTF_8)) {
                    input.addLines(reader, seedsFile);
                }
            }
        } catch (IOException e) {
            String why = e instanceof NoSuchFileException ? "no such file" : e.toString();
            throw new UsageException("cannot read --seeds " + seedsFile + ": " + why);
        }
    }
}
