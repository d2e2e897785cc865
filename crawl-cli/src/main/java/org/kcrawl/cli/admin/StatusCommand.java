package org.kcrawl.cli.admin;

import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.Command;

/** {@code crawl status}: the lag, counts and members of a crawl running on a cluster. */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Shows a crawl's consumer lag, topic counts and workers.",
        description = {
            "Lists every topic of the crawl with its partitions and the messages ever "
                    + "produced to it (the sum of its end offsets); the lag of the fetcher group on <crawl>.urls, "
                    + "of the parking group on the parked-URL tiers and of the parser group on <crawl>.pages; "
                    + "and which workers are in those groups.",
            "Lag counts the messages a group has not committed yet; a partition it never committed counts "
                    + "from its start."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the status was printed", "1:Kafka failed, did not answer in time, or has no such crawl",
            "2:bad options"})
public final class StatusCommand extends ClusterCommand {
    @Override
    void validate() {
        // --bootstrap, --crawl-name and --timeout are all there is; the base class checks them.
    }

    @Override
    int execute(KafkaCalls calls) {
        Admin admin = cluster.clients(System.getenv()).admin();
        StatusReport report;
        try {
            report = new StatusProbe(admin, calls).read(cluster.topics());
        } finally {
            admin.close(cluster.timeout());
        }
        out().print(StatusTable.render(report));
        out().flush();
        return OK;
    }
}
