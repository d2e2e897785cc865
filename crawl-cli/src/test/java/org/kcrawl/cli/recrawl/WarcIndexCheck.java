package org.kcrawl.cli.recrawl;

import java.nio.file.Path;

/** Where the archiver puts a WARC file's CDXJ index: {@code NAME.warc.gz} has {@code NAME.cdxj}. */
final class WarcIndexCheck {
    private WarcIndexCheck() {}

    static Path indexOf(Path warc) {
        String name = warc.getFileName().toString();
        return warc.resolveSibling(name.substring(0, name.length() - ".warc.gz".length()) + ".cdxj");
    }
}
