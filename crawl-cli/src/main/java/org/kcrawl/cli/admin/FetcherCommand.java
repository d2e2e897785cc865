package org.kcrawl.cli.admin;

import org.kcrawl.fetcher.crawl.FetcherMain;
import picocli.CommandLine.Command;

/** {@code crawl fetcher}: runs one fetcher worker against a Kafka cluster, as the fetcher-worker process does. */
@Command(name = "fetcher", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Runs one fetcher worker against a Kafka cluster.",
        description = {
            "Runs until SIGTERM or Ctrl-C: it consumes <crawl>.urls "
                    + "in the group <crawl>.fetcher, fetches politely and produces <crawl>.pages and "
                    + "<crawl>.failures. Start as many as <crawl>.urls has partitions.",
            "Settings come from the --config file (snake_case keys such as bootstrap_servers, crawl_name, "
                    + "metrics_port), then KCRAWL_FETCHER_<KEY> variables (KCRAWL_FETCHER_BOOTSTRAP_SERVERS=kafka:9092); "
                    + "KAFKA_<PROPERTY> variables reach the Kafka clients (KAFKA_SECURITY_PROTOCOL=SSL). "
                    + "It serves /metrics, /healthz and /readyz on metrics_port."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped cleanly", "1:the worker failed", "2:bad options or configuration"})
public final class FetcherCommand extends WorkerCommand {
    @Override
    void runWorker(String[] args) {
        FetcherMain.main(args);
    }
}
