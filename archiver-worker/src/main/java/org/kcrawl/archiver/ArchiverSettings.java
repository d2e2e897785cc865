package org.kcrawl.archiver;

import java.util.List;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.config.SharedSettings;

/** The archiver's own settings, declared once; with the shared ones they make {@link #LIST}, the archiver's settings. */
public final class ArchiverSettings {
    /** The smallest file size cap: below it, files would hold a few pages each. */
    public static final long MIN_FILE_BYTES = 64 * 1024;

    /** Where and how WARC files are written. */
    public static final List<Setting> FILES = List.of(
            Setting.text("warc_dir", "warc", "the directory WARC files (and their CDXJ indexes) are written to;"
                    + " created when missing").matching("(?s).*\\S.*", "a directory name"),
            Setting.text("prefix", "kcrawl", "the first part of every file name,"
                    + " <prefix>-<timestamp>-<serial>-<worker>.warc.gz")
                    .matching("[A-Za-z0-9._]+", "letters, digits, '.' or '_' (no '-', which separates the parts of a"
                            + " file name)"),
            Setting.size("max_file_bytes", "1GiB", "the size at which a file is finished and the next one begun, as"
                    + " Heritrix and the WARC guidelines suggest; a file ends with the record that crosses it")
                    .atLeast(MIN_FILE_BYTES),
            Setting.text("worker_name", "", "the last part of file names, telling apart the archivers writing to one"
                    + " directory; empty takes the host name (a pod's name on Kubernetes)")
                    .matching("[A-Za-z0-9._-]*", "letters, digits, '.', '_' or '-' (or empty for the host name)"),
            Setting.duration("sync_interval", "1s", "longest a written record waits for its fsync (and so its page's"
                    + " offset commit); records are synced sooner when nothing else waits to be written").positive(),
            Setting.integer("max_pending", 256, "pages consumed and not yet synced before consumption pauses (the"
                    + " memory bound: each is held until its records are on disk)").atLeast(1),
            Setting.flag("cdxj", true, "write a CDXJ index beside each finished file"));

    /** The archiver's settings, in the order the docs show them. */
    public static final SettingList LIST = SettingList.of("archiver", SharedSettings.KAFKA, FILES);

    private ArchiverSettings() {}
}
