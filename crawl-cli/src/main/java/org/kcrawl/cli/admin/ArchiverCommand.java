package org.kcrawl.cli.admin;

import org.kcrawl.archiver.ArchiverMain;
import picocli.CommandLine.Command;

/** {@code crawl archiver}: runs one archiver worker against a Kafka cluster, as the archiver-worker process does. */
@Command(name = "archiver", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Runs one archiver worker against a Kafka cluster: the crawl's pages as WARC files.",
        description = {
            "Runs until SIGTERM or Ctrl-C: it consumes <crawl>.pages in the group <crawl>.archiver and writes "
                    + "WARC 1.1 files (a request and a response record per page, a revisit for a recrawl's 304, "
                    + "gzip per record, a CDXJ index beside each) to warc_dir, finishing a file at max_file_bytes. "
                    + "The fetchers must run with capture_heads: true. Scale it up to the partitions of "
                    + "<crawl>.pages; archivers may share a directory (file names carry worker_name).",
            "Settings come from the --config file (snake_case keys such as bootstrap_servers, crawl_name, warc_dir, "
                    + "max_file_bytes), then KCRAWL_ARCHIVER_<KEY> variables (KCRAWL_ARCHIVER_WARC_DIR=/warc); "
                    + "KAFKA_<PROPERTY> variables reach the Kafka clients."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped cleanly", "1:the worker failed", "2:bad options or configuration"})
public final class ArchiverCommand extends WorkerCommand {
    @Override
    void runWorker(String[] args) {
        ArchiverMain.main(args);
    }
}
