#!/usr/bin/env bash
# The side-by-side crawler benchmark in one command (see BENCHMARKS.md):
#   bench/run.sh [harness options]      e.g. bench/run.sh --repeats 3, bench/run.sh --quick,
#                                       bench/run.sh --parse-bench (adds the parser's JMH benchmark)
#   bench/run.sh --smoke                checks the harness in seconds (CI runs it: crawl-cli's BenchSmokeIT)
# Runs from the state the README's commands leave (./mvnw -B verify installs nothing in the local Maven
# repository): the synthetic web's classpath comes from the reactor, never from ~/.m2's org.kcrawl.
# Installs the Python baselines from Debian's packages when missing, builds kcrawl when its sources
# changed, then runs bench/harness.py, which starts the synthetic web on 127.0.0.x (and nginx serving a
# generated documentation site on 127.0.0.9 for the docs, small and startup scenarios) and crawls it with
# kcrawl, the asyncio crawler and Scrapy in turn. All traffic stays on 127.0.0.0/8.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"
work="${KCRAWL_BENCH_WORK:-$here/.work}"  # the build's state (the web's classpath); a test gives its own
mkdir -p "$work"

say() { echo "bench: $*" >&2; }

smoke=false
for a in "$@"; do
  case "$a" in
    -h|--help) exec /usr/bin/python3 "$here/harness.py" --help ;;
    --smoke) smoke=true ;;
  esac
done

# --quick: a smoke run of a few hundred pages a crawler, to check the harness in a minute (without the
# parser's JMH benchmark unless --parse-bench is given too).
args=()
for a in "$@"; do
  if [ "$a" = "--quick" ]; then
    args+=(--hosts 10 --pages-per-host 40 --polite-pages-per-host 20 --latency-ms 20 --concurrency 20
           --per-host 2 --polite-rate 10 --fetch-only-pages 400 --scale 1,10 --scale-hosts 10 --scale-seconds 2
           --scale-max-pages 400 --docs-pages 600 --small-pages 200)
  elif [ "$a" = "--smoke" ]; then
    # The harness end to end on the smallest web: build and classpath steps as in a real run, the synthetic
    # web, kcrawl through its launcher, the checks of what it fetched, and one short iteration of the
    # parser's benchmark. Not the baselines (they need Debian's python3-aiohttp and Scrapy) nor nginx: a
    # machine with a JDK, python3 and /usr/bin/time runs it.
    args+=(--smoke --crawlers kcrawl --scenarios throughput --hosts 2 --pages-per-host 10 --latency-ms 5
           --concurrency 4 --per-host 2 --timeout 120
           --parse-bench --parse-bench-jmh-args "-wi 0 -i 1 -r 300ms -f 0 bareOneThread" --parse-bench-timeout 180)
  else
    args+=("$a")
  fi
done

install_missing() {
  local missing=() wanted=(python3 python3-aiohttp python3-lxml python3-scrapy time nginx libnginx-mod-http-echo
                           openjdk-17-jdk-headless)
  if [ "$smoke" = true ]; then
    wanted=(python3 time openjdk-17-jdk-headless)
  fi
  for pkg in "${wanted[@]}"; do
    if [ "$pkg" = openjdk-17-jdk-headless ] && command -v javac >/dev/null 2>&1; then
      continue  # any JDK 17+ on the PATH will do
    fi
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
      say "not root: run 'sudo apt-get install ${missing[*]}' first"
      exit 1
    fi
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
  fi
}

jar="$root/crawl-cli/target/crawl.jar"
web_cp_file="$work/web.classpath"  # its own name: an older testkit.classpath lacks common's classes

kcrawl_stale() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find "$root" -path "$root/*/target" -prune -o -path "$root/bench" -prune -o \
          \( -name pom.xml -o -path '*/src/main/*' \) -newer "$jar" -print -quit)" ]
}

build() {
  if kcrawl_stale; then
    say "building kcrawl (./mvnw -q -B -DskipTests -pl crawl-cli -am package)"
    if ! ./mvnw -q -B -DskipTests -pl crawl-cli -am package >&2; then
      say "the kcrawl build failed: kcrawl runs are skipped; building the synthetic web alone"
      rm -f "$jar"
    fi
  fi
  if web_stale; then
    # One reactor run that compiles embedded and what it needs and then writes its runtime classpath: in it
    # the sibling modules (common) resolve to their target/classes, so nothing has to be installed in the
    # local repository first. Every module of the run writes the file; embedded, built last, writes it last.
    say "building the synthetic web (./mvnw -q -B -DskipTests -pl embedded -am compile dependency:build-classpath)"
    ./mvnw -q -B -DskipTests -pl embedded -am compile dependency:build-classpath -Dmdep.includeScope=runtime \
      -Dmdep.outputFile="$web_cp_file" >&2
  fi
  web_cp="$root/embedded/target/classes:$(cat "$web_cp_file")"
}

# The synthetic web's classpath must be made again when it is missing, when embedded or common changed, or
# when something it names is gone (a clean, a pruned local repository).
web_stale() {
  [ ! -s "$web_cp_file" ] && return 0
  [ ! -d "$root/embedded/target/classes" ] && return 0
  local entries entry
  IFS=: read -ra entries < "$web_cp_file"
  for entry in "${entries[@]}"; do
    [ -e "$entry" ] || return 0
  done
  [ -n "$(find "$root/pom.xml" "$root/common" "$root/embedded" -path '*/target' -prune -o \
          \( -name pom.xml -o -path '*/src/main/*' \) -newer "$web_cp_file" -print -quit)" ]
}

install_missing
build
exec /usr/bin/python3 "$here/harness.py" --web-cp "$web_cp" --jar "$jar" \
  --command "bench/run.sh${*:+ $*}" "${args[@]}"
