package org.kcrawl.render.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.testkit.browser.RequiresChromium;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.kafka.TopicContents;

/**
 * A large page rendered with its heads captured (archiving): 1.5 MiB from the server, whose script adds 2 MiB
 * to the DOM. Each is under the body cap, but the DOM and the source body (base64) together passed the
 * producer's request size: the page was refused (RecordTooLargeException) and its URL dead-lettered, again at
 * every replay. It is now published, its DOM whole and its source body cut, flagged.
 */
@RequiresChromium
class LargeRenderedPageIT {
    private static final String ADDRESS = "127.0.0.143";
    private static final int MIB = 1024 * 1024;

    @Test
    void aRenderedPageWhoseDomAndSourceTogetherPassTheRequestSizeIsPublished() throws Exception {
        String crawl = SharedKafka.uniqueCrawlName("large-render-it");
        KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());
        CrawlTopics topics = new CrawlTopics(crawl);
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(1));
        }
        String filler = "<p>" + "server text ".repeat(MIB / 8) + "</p>";
        String html = "<!doctype html><html><head><title>large</title></head><body>" + filler
                + "<script>const p = document.createElement('p'); p.textContent = 'script text '.repeat("
                + (2 * MIB / 12) + "); document.body.append(p);</script></body></html>";
        HttpServer server = HttpServer.create(new InetSocketAddress(ADDRESS, 0), 0);
        server.createContext("/", exchange -> respond(exchange, exchange.getRequestURI().getPath().equals("/robots.txt")
                ? "User-agent: *\nAllow: /\n" : html, exchange.getRequestURI().getPath().equals("/robots.txt")
                ? "text/plain" : "text/html; charset=utf-8"));
        server.start();
        String url = "http://" + ADDRESS + ":" + server.getAddress().getPort() + "/";
        FetcherConfig config = new ConfigBinder().bindSection(FetcherConfig.class, FetcherConfig.defaults(), null,
                "fetcher", Map.of("crawl_name", crawl, "bootstrap_servers", SharedKafka.bootstrapServers(),
                        "capture_heads", true, "max_body_bytes", org.kcrawl.http.FetchSettings.MAX_PUBLISHABLE_BODY_BYTES));
        RenderWorker worker = RenderWorker.create(RenderSetup.of(config), clients, new SimpleMeterRegistry(),
                RenderHttp.of(config).toBuilder().allowCidrs(List.of(ADDRESS + "/32")).build());
        try {
            worker.start();
            try (KafkaProducer<String, byte[]> producer = clients.producer("large-render-it-seeder")) {
                producer.send(new ProducerRecord<>(topics.render(), HostKey.of(url), MessageCodec.get().encode(
                        CrawlRequest.discovered(url, 1, url, Instant.now())))).get();
            }
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> !TopicContents.readAll(clients, topics.pages()).isEmpty()
                            || !TopicContents.readAll(clients, topics.deadLetters()).isEmpty());

            assertThat(TopicContents.readAll(clients, topics.deadLetters())).as("dead letters").isEmpty();
            List<FetchedPage> pages = TopicContents.decoded(clients, topics.pages(), FetchedPage.class);
            assertThat(pages).hasSize(1);
            FetchedPage page = pages.get(0);
            assertThat(page.rendered()).isTrue();
            assertThat(page.truncated()).as("the DOM is whole").isFalse();
            assertThat(new String(page.body(), StandardCharsets.UTF_8)).contains("script text script text")
                    .endsWith("</body></html>");
            assertThat(page.capture().sourceTruncated()).isTrue();
            assertThat(page.capture().sourceBody().length).isPositive().isLessThan(html.length());
        } finally {
            worker.stop();
            server.stop(0);
        }
    }

    private static void respond(HttpExchange exchange, String body, String type) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
