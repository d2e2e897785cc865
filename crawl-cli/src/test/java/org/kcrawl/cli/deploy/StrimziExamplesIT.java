package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.archiver.ArchiverConfig;
import org.kcrawl.archiver.ArchiverMain;
import org.kcrawl.archiver.ArchiverWorker;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.scope.ScopeRecords;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherMain;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.ParserMain;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.render.kafka.RenderMain;
import org.kcrawl.render.kafka.RenderSetup;
import org.kcrawl.render.kafka.RenderWorker;
import org.kcrawl.testkit.browser.RequiresChromium;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.kafka.SaslPlain;
import org.kcrawl.testkit.web.ScriptSite;
import org.kcrawl.embedded.web.SyntheticWeb;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * The Strimzi examples under {@code deploy/strimzi/} hold: the KafkaTopics are the topics the workers
 * would create themselves, and the KafkaUsers' ACLs are enough for a fetcher and a parser to crawl, and
 * with a render worker to crawl a site built by its scripts, and with an archiver to write the crawl's
 * WARC files, each logged in as its own user, on a broker that refuses whatever no ACL allows, and for
 * KEDA to read lag.
 */
class StrimziExamplesIT {
    private static final String CRAWL = "crawl";
    private static final Map<String, String> PASSWORDS = Map.of("kcrawl-fetcher", "fetcher-pw",
            "kcrawl-parser", "parser-pw", "kcrawl-renderer", "renderer-pw", "kcrawl-archiver", "archiver-pw",
            "kcrawl-keda", "keda-pw");
    private static final SaslPlain SASL = new SaslPlain(PASSWORDS, true);
    private static EmbeddedKafkaBroker broker;

    @TempDir
    static Path brokerDir;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedKafkaBroker.startWithSasl(brokerDir, SASL);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    private static KafkaClients clientsOf(String user) {
        return new KafkaClients(broker.bootstrapServers(), broker.clientSettings(user));
    }

    private static Map<String, JsonNode> examples(String file, String kind) {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        for (JsonNode doc : Repo.yamlDocuments(Repo.file("deploy/strimzi/" + file))) {
            assertThat(doc.path("kind").asText()).isEqualTo(kind);
            assertThat(doc.path("apiVersion").asText()).isEqualTo("kafka.strimzi.io/v1beta2");
            assertThat(doc.path("metadata").path("labels").path("strimzi.io/cluster").asText()).isNotBlank();
            byName.put(doc.path("metadata").path("name").asText(), doc);
        }
        return byName;
    }

    @Test
    void theKafkaTopicsAreTheTopicsTheWorkersWouldCreate() throws Exception {
        Map<String, JsonNode> topics = new TreeMap<>();
        examples("kafka-topics.yaml", "KafkaTopic").values()
                .forEach(t -> topics.put(t.path("spec").path("topicName").asText(), t.path("spec")));
        CrawlTopics crawl = new CrawlTopics(CRAWL);
        assertThat(topics.keySet()).containsExactlyInAnyOrderElementsOf(crawl.all());

        // What the production overlay's workers would create, on a broker of their own: partitions and configs.
        String probe = "probe";
        WorkerKind.Bound production = Overlay.render("deploy/overlays/production").bound(WorkerKind.FETCHER);
        try (Admin admin = clientsOf(SaslPlain.ADMIN).admin()) {
            TopicLayout layout = production.layout();
            new TopicProvisioner(admin).ensure(new CrawlTopics(probe), new TopicLayout(layout.urlPartitions(),
                    layout.pagePartitions(), layout.outputPartitions(), (short) 1, layout.maxMessageBytes()));
            for (String name : crawl.all()) {
                String created = probe + name.substring(CRAWL.length());
                JsonNode spec = topics.get(name);
                int partitions = admin.describeTopics(List.of(created)).allTopicNames().get(30, TimeUnit.SECONDS)
                        .get(created).partitions().size();
                assertThat(spec.path("partitions").asInt()).as("partitions of %s", name).isEqualTo(partitions);
                assertThat(spec.path("replicas").asInt()).as("replicas of %s", name)
                        .isEqualTo(layout.replication());
                Config config = admin.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.TOPIC, created)))
                        .all().get(30, TimeUnit.SECONDS).values().iterator().next();
                for (ConfigEntry e : config.entries()) {
                    if (e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG) {
                        assertThat(spec.path("config").path(e.name()).asText()).as("%s of %s", e.name(), name)
                                .isEqualTo(e.value());
                    }
                }
            }
        }
    }

    @Test
    @SuppressWarnings("try") // the worker processes run for the test's length; the body reads their topics, not them
    void aFetcherAndAParserCrawlAsTheirKafkaUsersWithNothingButTheirAcls() throws Exception {
        createTopicsAndAcls(CRAWL);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(6).linksPerPage(3).externalLinksPerPage(0)
                .bindBase(170).start()) {
            String seed = web.hostRoots().get(0);
            Set<String> expected = web.graph().reachable(List.of(seed), 5, url -> true).keySet();
            try (WorkerProcess<FetcherWorker> fetcher = WorkerProcess.start(
                         FetcherMain.spec(workerConfig(FetcherConfig.class)), env("kcrawl-fetcher"), "127.0.0.1");
                 WorkerProcess<ParserWorker> parser = WorkerProcess.start(
                         ParserMain.spec(workerConfig(ParserConfig.class)), env("kcrawl-parser"), "127.0.0.1")) {
                seed(CRAWL, seed);
                List<String> records = new ArrayList<>();
                try (KafkaConsumer<String, byte[]> reader = clientsOf(SaslPlain.ADMIN).consumer(null, "it-reader", 500)) {
                    reader.assign(List.of(new TopicPartition(CRAWL + ".records", 0),
                            new TopicPartition(CRAWL + ".records", 1)));
                    reader.seekToBeginning(reader.assignment());
                    await().atMost(Duration.ofSeconds(90)).until(() -> {
                        for (ConsumerRecord<String, byte[]> r : reader.poll(Duration.ofMillis(200))) {
                            records.add(r.key());
                        }
                        return records.size() >= expected.size();
                    });
                }
                assertThat(records).containsExactlyInAnyOrderElementsOf(expected);

                try (Admin keda = clientsOf("kcrawl-keda").admin()) {
                    ConsumerLag lag = new ConsumerLag(keda);
                    assertThat(lag.of(CRAWL + ".fetcher", CRAWL + ".urls")).isGreaterThanOrEqualTo(0);
                    assertThat(lag.of(CRAWL + ".parser", CRAWL + ".pages")).isGreaterThanOrEqualTo(0);
                }
                // The ACLs are enforced: a fetcher may not read what the parser writes.
                try (KafkaConsumer<String, byte[]> snoop = clientsOf("kcrawl-fetcher").consumer(null, "it-snoop", 10)) {
                    snoop.assign(List.of(new TopicPartition(CRAWL + ".records", 0)));
                    snoop.seekToBeginning(snoop.assignment());
                    assertThatThrownBy(() -> snoop.poll(Duration.ofSeconds(5)))
                            .isInstanceOf(TopicAuthorizationException.class);
                }
            }
        }
    }

    /**
     * A site whose pages are built by their scripts: the fetcher hands /p/1 to the render workers
     * unfetched (render_patterns), the parser sends the other pages it finds to be script shells
     * (render_auto), and the render worker renders them all, each logged in as its own user; every page
     * is recorded with the title its script set.
     */
    @Test
    @RequiresChromium
    @SuppressWarnings("try") // the worker processes run for the test's length; the body reads their topics, not them
    void withARenderWorkerTheScriptBuiltPagesAreCrawledAsTheWorkersKafkaUsers() throws Exception {
        String crawl = "rendered";
        createTopicsAndAcls(crawl);
        try (ScriptSite site = ScriptSite.builder().addresses("127.0.0.181", "127.0.0.182").pages(3).start()) {
            String routed = site.url("/p/1");
            Map<String, String> fetcherEnv = workerEnv(FetcherConfig.ENV_PREFIX, crawl);
            // A YAML list, as the variables are read; single quotes keep the backslashes of the quoted pattern.
            fetcherEnv.put(FetcherConfig.ENV_PREFIX + "RENDER_PATTERNS", "['^" + Pattern.quote(routed) + "$']");
            Map<String, String> parserEnv = workerEnv(ParserConfig.ENV_PREFIX, crawl);
            parserEnv.put(ParserConfig.ENV_PREFIX + "RENDER_AUTO", "true");
            Map<String, String> rendererEnv = workerEnv(RenderMain.ENV_PREFIX, crawl);
            try (WorkerProcess<FetcherWorker> fetcher = WorkerProcess.start(
                         FetcherMain.spec(bind(FetcherConfig.ENV_PREFIX, fetcherEnv)), env("kcrawl-fetcher"), "127.0.0.1");
                 WorkerProcess<ParserWorker> parser = WorkerProcess.start(
                         ParserMain.spec(ParserConfig.load(null, parserEnv)), env("kcrawl-parser"), "127.0.0.1");
                 WorkerProcess<RenderWorker> renderer = WorkerProcess.start(
                         RenderMain.spec(RenderSetup.load(null, rendererEnv)), env("kcrawl-renderer"), "127.0.0.1")) {
                seed(crawl, site.url("/"));
                Map<String, String> titles = new TreeMap<>();
                try (KafkaConsumer<String, byte[]> reader = clientsOf(SaslPlain.ADMIN).consumer(null, "it-reader", 500)) {
                    reader.assign(List.of(new TopicPartition(crawl + ".records", 0),
                            new TopicPartition(crawl + ".records", 1)));
                    reader.seekToBeginning(reader.assignment());
                    await().atMost(Duration.ofSeconds(120)).until(() -> {
                        for (ConsumerRecord<String, byte[]> r : reader.poll(Duration.ofMillis(200))) {
                            titles.put(r.key(), MessageCodec.get().readTree(r.value()).path("title").asText());
                        }
                        return titles.size() >= site.contentUrls().size();
                    });
                }
                assertThat(titles.keySet()).containsExactlyInAnyOrderElementsOf(site.contentUrls());
                titles.forEach((url, title) -> assertThat(title).as(url).isEqualTo(site.titleOf(url)));
                assertThat(site.requests(routed)).as("the fetcher handed %s over unfetched", routed).isEqualTo(1);

                try (Admin keda = clientsOf("kcrawl-keda").admin()) {
                    assertThat(new ConsumerLag(keda).of(crawl + ".renderer", crawl + ".render"))
                            .isGreaterThanOrEqualTo(0);
                }
                // Enforced: a render worker may not read what the parser writes.
                try (KafkaConsumer<String, byte[]> snoop = clientsOf("kcrawl-renderer").consumer(null, "it-snoop", 10)) {
                    snoop.assign(List.of(new TopicPartition(crawl + ".records", 0)));
                    snoop.seekToBeginning(snoop.assignment());
                    assertThatThrownBy(() -> snoop.poll(Duration.ofSeconds(5)))
                            .isInstanceOf(TopicAuthorizationException.class);
                }
            }
        }
    }

    /**
     * The outputs a render worker writes besides rendered pages (redirect targets, sites, failures, its
     * retries and parked URLs, dead letters) are what its ACLs admit, each written as that user; the
     * seen-set and the records, which it never writes, are refused.
     */
    @Test
    void theRenderWorkersOtherOutputsAreAdmittedAndNothingMore() throws Exception {
        String crawl = "outputs";
        createTopicsAndAcls(crawl);
        CrawlTopics topics = new CrawlTopics(crawl);
        try (KafkaProducer<String, byte[]> producer = clientsOf("kcrawl-renderer").producer("it-renderer")) {
            for (String topic : List.of(topics.pages(), topics.urls(), topics.scope(), topics.failures(),
                    topics.render(), topics.deadLetters())) {
                producer.send(new ProducerRecord<>(topic, "k", new byte[] {1})).get(30, TimeUnit.SECONDS);
            }
        }
        for (String topic : List.of(topics.seen(), topics.records())) {
            try (KafkaProducer<String, byte[]> producer = clientsOf("kcrawl-renderer").producer("it-renderer-" + topic)) {
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>(topic, "k", new byte[] {1}))
                        .get(30, TimeUnit.SECONDS)).as(topic).hasCauseInstanceOf(TopicAuthorizationException.class);
            }
        }
    }

    /**
     * An archiver logged in as kcrawl-archiver writes a response record for every page a fetcher (capturing
     * heads) and a parser crawl as their users; it may not write the crawl's work or output topics.
     */
    @Test
    @SuppressWarnings("try") // the worker processes run for the test's length; the body reads their topics, not them
    void anArchiverWritesTheCrawlsWarcFilesAsItsKafkaUser(@TempDir Path warc) throws Exception {
        String crawl = "archived";
        createTopicsAndAcls(crawl);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(6).linksPerPage(3).externalLinksPerPage(0)
                .bindBase(175).start()) {
            String seed = web.hostRoots().get(0);
            Set<String> expected = web.graph().reachable(List.of(seed), 5, url -> true).keySet();
            Map<String, String> fetcherEnv = workerEnv(FetcherConfig.ENV_PREFIX, crawl);
            fetcherEnv.put(FetcherConfig.ENV_PREFIX + "CAPTURE_HEADS", "true");
            Map<String, String> archiverEnv = workerEnv(ArchiverConfig.ENV_PREFIX, crawl);
            archiverEnv.put(ArchiverConfig.ENV_PREFIX + "WARC_DIR", warc.toString());
            Set<String> archived = new java.util.TreeSet<>();
            try (WorkerProcess<FetcherWorker> fetcher = WorkerProcess.start(
                         FetcherMain.spec(bind(FetcherConfig.ENV_PREFIX, fetcherEnv)), env("kcrawl-fetcher"), "127.0.0.1");
                 WorkerProcess<ParserWorker> parser = WorkerProcess.start(ParserMain.spec(ParserConfig.load(null,
                         workerEnv(ParserConfig.ENV_PREFIX, crawl))), env("kcrawl-parser"), "127.0.0.1")) {
                try (WorkerProcess<ArchiverWorker> archiver = WorkerProcess.start(
                        ArchiverMain.spec(ArchiverConfig.load(null, archiverEnv)), env("kcrawl-archiver"), "127.0.0.1")) {
                    seed(crawl, seed);
                    await().atMost(Duration.ofSeconds(90))
                            .until(() -> archiver.worker().metrics().pagesArchived() >= expected.size());
                    try (Admin keda = clientsOf("kcrawl-keda").admin()) {
                        assertThat(new ConsumerLag(keda).of(crawl + ".archiver", crawl + ".pages"))
                                .isGreaterThanOrEqualTo(0);
                    }
                } // closing finishes the open file
            }
            try (var files = Files.list(warc)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".warc.gz")).toList()) {
                    try (WarcReader reader = new WarcReader(file)) {
                        for (WarcRecord record : reader) {
                            if (record instanceof WarcResponse response) {
                                archived.add(response.target());
                            }
                        }
                    }
                }
            }
            assertThat(archived).containsAll(expected);
        }
        // Enforced: an archiver writes dead letters and nothing else of the crawl's.
        CrawlTopics topics = new CrawlTopics(crawl);
        try (KafkaProducer<String, byte[]> producer = clientsOf("kcrawl-archiver").producer("it-archiver")) {
            producer.send(new ProducerRecord<>(topics.deadLetters(), "k", new byte[] {1})).get(30, TimeUnit.SECONDS);
        }
        for (String topic : List.of(topics.pages(), topics.urls(), topics.seen(), topics.records())) {
            try (KafkaProducer<String, byte[]> producer = clientsOf("kcrawl-archiver").producer("it-archiver-" + topic)) {
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>(topic, "k", new byte[] {1}))
                        .get(30, TimeUnit.SECONDS)).as(topic).hasCauseInstanceOf(TopicAuthorizationException.class);
            }
        }
    }

    /** The example topics, renamed for {@code crawl}, two partitions each (one for scope) and one replica. */
    private static void createTopicsAndAcls(String crawl) throws Exception {
        List<NewTopic> topics = new ArrayList<>();
        for (JsonNode t : examples("kafka-topics.yaml", "KafkaTopic").values()) {
            JsonNode spec = t.path("spec");
            Map<String, String> config = new HashMap<>();
            spec.path("config").properties().forEach(f -> config.put(f.getKey(), f.getValue().asText()));
            config.remove("min.insync.replicas");
            topics.add(new NewTopic(renamed(spec.path("topicName").asText(), crawl), Math.min(2, spec.path("partitions").asInt()),
                    (short) 1).configs(config));
        }
        List<AclBinding> acls = new ArrayList<>();
        examples("kafka-users.yaml", "KafkaUser").forEach((user, doc) -> {
            JsonNode authorization = doc.path("spec").path("authorization");
            assertThat(authorization.path("type").asText()).isEqualTo("simple");
            assertThat(doc.path("spec").path("authentication").path("type").asText()).isEqualTo("scram-sha-512");
            for (JsonNode acl : authorization.path("acls")) {
                JsonNode r = acl.path("resource");
                ResourcePattern pattern = new ResourcePattern(resourceType(r.path("type").asText()),
                        renamed(r.path("name").asText(), crawl), patternType(r.path("patternType").asText("literal")));
                for (JsonNode op : acl.path("operations")) {
                    AclOperation operation = AclOperation.fromString(op.asText());
                    assertThat(operation).as("operation %s", op).isNotEqualTo(AclOperation.UNKNOWN);
                    acls.add(new AclBinding(pattern, new AccessControlEntry("User:" + user,
                            acl.path("host").asText("*"), operation, AclPermissionType.ALLOW)));
                }
            }
        });
        assertThat(examples("kafka-users.yaml", "KafkaUser").keySet()).isEqualTo(PASSWORDS.keySet());
        try (Admin admin = clientsOf(SaslPlain.ADMIN).admin()) {
            admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
            admin.createAcls(acls).all().get(60, TimeUnit.SECONDS);
        }
        // The broker applies new topics and ACLs from the metadata log a moment after the controller
        // acknowledged them: start the workers once each user sees every topic it may describe.
        Set<String> all = Set.copyOf(new CrawlTopics(crawl).all());
        for (String user : PASSWORDS.keySet()) {
            try (Admin admin = clientsOf(user).admin()) {
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> admin.listTopics().names().get(30, TimeUnit.SECONDS).containsAll(all));
            }
        }
    }

    /** {@code name} of the examples' crawl "crawl" for the crawl {@code crawl}, as the examples' header says to. */
    private static String renamed(String name, String crawl) {
        assertThat(name).startsWith(CRAWL + ".");
        return crawl + name.substring(CRAWL.length());
    }

    /** Strimzi's resource types ({@code topic}, {@code group}, {@code transactionalId}) as Kafka names them. */
    private static ResourceType resourceType(String strimzi) {
        return switch (strimzi) {
            case "topic" -> ResourceType.TOPIC;
            case "group" -> ResourceType.GROUP;
            case "transactionalId" -> ResourceType.TRANSACTIONAL_ID;
            case "cluster" -> ResourceType.CLUSTER;
            default -> throw new AssertionError("Strimzi has no ACL resource type '" + strimzi + "'");
        };
    }

    /** Strimzi's pattern types ({@code literal}, {@code prefix}) as Kafka names them. */
    private static PatternType patternType(String strimzi) {
        return switch (strimzi) {
            case "literal" -> PatternType.LITERAL;
            case "prefix" -> PatternType.PREFIXED;
            default -> throw new AssertionError("Strimzi has no ACL pattern type '" + strimzi + "'");
        };
    }

    /** Seeds the crawl as an operator with the cluster's admin credentials would (crawl submit). */
    private static void seed(String crawl, String url) throws Exception {
        CrawlTopics topics = new CrawlTopics(crawl);
        Instant now = Instant.now();
        try (KafkaProducer<String, byte[]> producer = clientsOf(SaslPlain.ADMIN).producer("it-submit")) {
            for (var site : ScopeRecords.seedSites(List.of(url), now)) {
                producer.send(ScopeRecords.of(topics, site)).get(30, TimeUnit.SECONDS);
            }
            producer.send(new ProducerRecord<>(topics.urls(), HostKey.of(url),
                    MessageCodec.get().encode(CrawlRequest.seed(url, now)))).get(30, TimeUnit.SECONDS);
        }
    }

    /** {@code KAFKA_*} variables that log {@code user} in, as the production overlay's Secret does. */
    private static Map<String, String> env(String user) {
        Map<String, String> env = new LinkedHashMap<>();
        SASL.clientSettings(user).forEach((k, v) -> env.put("KAFKA_" + k.toUpperCase(Locale.ROOT).replace('.', '_'), v));
        return env;
    }

    private static <T> T workerConfig(Class<T> type) {
        String prefix = type == FetcherConfig.class ? FetcherConfig.ENV_PREFIX : ParserConfig.ENV_PREFIX;
        Map<String, String> env = workerEnv(prefix, CRAWL);
        return type == FetcherConfig.class ? type.cast(bind(prefix, env)) : type.cast(ParserConfig.load(null, env));
    }

    /** A worker's settings for {@code crawl} on the test's broker, as variables with its {@code prefix}. */
    private static Map<String, String> workerEnv(String prefix, String crawl) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(prefix + "CRAWL_NAME", crawl);
        env.put(prefix + "BOOTSTRAP_SERVERS", broker.bootstrapServers());
        env.put(prefix + "PARTITIONS", "2");
        env.put(prefix + "METRICS_PORT", "0");
        env.put(prefix + "DRAIN_TIMEOUT", "PT2S");
        env.put(prefix + "REPLICATION", "1");
        if (!prefix.equals(ParserConfig.ENV_PREFIX) && !prefix.equals(ArchiverConfig.ENV_PREFIX)) {
            env.put(prefix + "ALLOW_PRIVATE", "true");
            env.put(prefix + "RATE", "50");
        }
        return env;
    }

    /** The fetcher's settings, which the render worker reads too, bound from variables with {@code prefix}. */
    private static FetcherConfig bind(String prefix, Map<String, String> env) {
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null, env, prefix);
    }
}
