#!/usr/bin/env python3
"""Where a crawl's CPU went, from a JFR recording: execution samples by thread group, and the parser threads'
samples by stage of a page (the closest kcrawl frame to the top of each stack decides), with their top frames.

    KCRAWL_JAVA_OPTS="-XX:StartFlightRecording=filename=rec.jfr,settings=profile" ./crawl ...
    python3 bench/jfr_split.py rec.jfr

Reads `jfr print --json --events jdk.ExecutionSample` (the JDK's jfr tool on the PATH) and, for the JIT and the
collector, jdk.CompilerStatistics and jdk.GarbageCollection. Standard library only.
"""
import argparse
import collections
import json
import re
import subprocess
import sys

# Thread name -> group, first match wins.
THREADS = [
    (r"-parse-\d+$", "parser threads"),
    (r"-jmh-worker-\d+$", "parser threads"),  # a JMH run of the parser's benchmarks (-prof jfr)
    (r"-warm-up$", "parser warm-up (JIT)"),
    (r"kafka-producer-network-thread", "producers' send threads"),
    (r"(-poll$|heartbeat-thread)", "poll loops"),
    (r"^kcrawl-fetch", "fetcher (event loops, send, timer)"),
    (r"^crawl-sink", "record sink (JSON Lines out)"),
    (r"^(data-plane-kafka|kafka-|broker-|controller-|raft|ExpirationReaper|LogDirFailureHandler|quorum|"
     r"ReplicaFetcher|group-coordinator|TxnMarker|AddPartitionsToTxn|transaction|executor-|metrics-|log-closing)",
     "embedded broker"),
    (r"^main$", "main (start-up, shut-down)"),
]

# A stage of a page on the parser threads: the innermost org.kcrawl frame of a sample decides.
STAGES = [
    (r"^org\.kcrawl\.parser\.content\.hash\.", "content: hashes (normalize, text hash, simhash)"),
    (r"^org\.kcrawl\.parser\.content\.(Markdown|PipeTable|CodeLanguage)", "content: Markdown writer"),
    (r"^org\.kcrawl\.parser\.content\.PlainTextWriter", "content: plain-text writer"),
    (r"^org\.kcrawl\.parser\.content\.ClassWords", "content: class and id words (ClassWords)"),
    (r"^org\.kcrawl\.parser\.content\.(MainContentSelector|Selection|ContentCleaner)",
     "content: main-content selection"),
    (r"^org\.kcrawl\.parser\.content\.meta\.", "content: metadata"),
    (r"^org\.kcrawl\.parser\.content\.(ContentCollector|ContentTree|ElementAttributes|ReadAttributes|InlineStyle|ContentTags|"
     r"MetadataFeed|Whitespace|DocumentEvents)", "content: collecting the tree (during the digest)"),
    (r"^org\.kcrawl\.parser\.content\.", "content: other"),
    (r"^org\.kcrawl\.parser\.html\.(PageDigest|HtmlTokenizer|CharRefs|TagAttributes|KnownNames|HtmlTags|ElementText|"
     r"Utf8)", "digest (tokenizer, title, links' markup)"),
    (r"^org\.kcrawl\.parser\.html\.(CharsetDetector|DetectedCharset)|^org\.kcrawl\.parser\.html\.PageParser\.decoded",
     "charset and decoding"),
    (r"^org\.kcrawl\.(parser\.html\.(LinkExtractor|BaseUrl|LinkElement)|common\.url\.)", "links: resolve, normalize"),
    (r"^org\.kcrawl\.parser\.(scope|dedup)\.", "links: scope, dedup"),
    (r"^org\.kcrawl\.(common\.message\.|parser\.kafka\.)", "messages: decode, encode, records"),
    (r"^org\.kcrawl\.parser\.pipeline\.", "pipeline, metrics"),
    (r"^org\.kcrawl\.", "other kcrawl"),
]


# JFR sometimes stops walking a C1-compiled stack a few frames from the top (no kcrawl frame, not marked
# truncated). Such samples are put by their deepest frame where the complete stacks with that frame go: on the
# parser threads, Jackson is the records' JSON.
CUT_STACKS = [
    (r"^com\.fasterxml\.jackson\.", "messages: decode, encode, records"),
]


def frame_name(frame):
    method = frame["method"]
    return "%s.%s" % (method["type"]["name"].replace("/", "."), method["name"])


def samples(path):
    out = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ExecutionSample", path], check=True,
                         capture_output=True, text=True).stdout
    for event in json.loads(out)["recording"]["events"]:
        values = event["values"]
        thread = values.get("sampledThread") or {}
        name = thread.get("javaName") or thread.get("osName") or "?"
        frames = [frame_name(f) for f in (values.get("stackTrace") or {}).get("frames", [])]
        yield name, frames


def classify(name, table, default):
    for pattern, label in table:
        if re.search(pattern, name):
            return label
    return default


def summary(path, out=sys.stdout, top=25):
    by_group = collections.Counter()
    stages = collections.Counter()
    tops = collections.Counter()
    stage_tops = collections.defaultdict(collections.Counter)
    parser = 0
    cut = 0
    total = 0
    for thread, frames in samples(path):
        total += 1
        group = classify(thread, THREADS, "other threads")
        by_group[group] += 1
        if group != "parser threads" or not frames:
            continue
        parser += 1
        kcrawl = next((f for f in frames if f.startswith("org.kcrawl.")), None)
        if kcrawl:
            stage = classify(kcrawl, STAGES, "other")
        else:
            stage = classify(frames[-1], CUT_STACKS, "stack without a kcrawl frame (JDK: strings, collections)")
            cut += 1
        stages[stage] += 1
        tops[frames[0]] += 1
        stage_tops[stage][frames[0]] += 1
    print("%s: %d execution samples" % (path, total), file=out)
    print("\nBy thread group (share of all samples):", file=out)
    for group, n in by_group.most_common():
        print("  %-40s %6d  %5.1f %%" % (group, n, 100.0 * n / total), file=out)
    if not parser:
        return
    print("\nParser threads by stage (share of the parser threads' samples; the innermost kcrawl frame decides):",
          file=out)
    for stage, n in stages.most_common():
        print("  %-55s %6d  %5.1f %%" % (stage, n, 100.0 * n / parser), file=out)
    print("  (%d samples, %.1f %%, had no kcrawl frame: put by their deepest frame, see CUT_STACKS)"
          % (cut, 100.0 * cut / parser), file=out)
    content = sum(n for s, n in stages.items() if s.startswith("content:"))
    print("  %-55s %6d  %5.1f %%" % ("= content, all parts", content, 100.0 * content / parser), file=out)
    print("\nParser threads' top frames (self):", file=out)
    for frame, n in tops.most_common(top):
        print("  %5.1f %%  %s" % (100.0 * n / parser, frame), file=out)
    print("\nTop frames of each content stage (share of the parser threads' samples):", file=out)
    for stage in sorted(s for s in stage_tops if s.startswith("content:")):
        print("  %s" % stage, file=out)
        for frame, n in stage_tops[stage].most_common(6):
            print("    %5.1f %%  %s" % (100.0 * n / parser, frame), file=out)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("recording", help="a .jfr file")
    p.add_argument("--top", type=int, default=25, help="top frames to list")
    args = p.parse_args(argv)
    summary(args.recording, top=args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
