package org.kcrawl.cli.admin;

import org.kcrawl.parser.ParserMain;
import picocli.CommandLine.Command;

/** {@code crawl parser}: runs one parser worker against a Kafka cluster, as the parser-worker process does. */
@Command(name = "parser", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Runs one parser worker against a Kafka cluster.",
        description = {
            "Runs until SIGTERM or Ctrl-C: it consumes <crawl>.pages "
                    + "in the group <crawl>.parser and produces <crawl>.records and the links it may follow to "
                    + "<crawl>.urls. Scale it on CPU, up to the partitions of <crawl>.pages.",
            "Settings come from the --config file (snake_case keys such as bootstrap_servers, crawl_name, scope, "
                    + "max_depth), then KCRAWL_PARSER_<KEY> variables (KCRAWL_PARSER_BOOTSTRAP_SERVERS=kafka:9092); "
                    + "KAFKA_<PROPERTY> variables reach the Kafka clients (KAFKA_SECURITY_PROTOCOL=SSL)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped cleanly", "1:the worker failed", "2:bad options or configuration"})
public final class ParserCommand extends WorkerCommand {
    @Override
    void runWorker(String[] args) {
        ParserMain.main(args);
    }
}
