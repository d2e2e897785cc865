#!/usr/bin/env bash
# The side-by-side crawler benchmark in one command (see BENCHMARKS.md):
#   bench/run.sh [harness options]      e.g. bench/run.sh --repeats 3, bench/run.sh --quick,
#                                       bench/run.sh --parse-bench (adds the parser's JMH benchmark)
# Installs the Python baselines from Debian's packages when missing, builds kcrawl when its sources
# changed, then runs bench/harness.py, which starts the synthetic web on 127.0.0.x (and nginx serving a
# generated documentation site on 127.0.0.9 for the docs, small and startup scenarios) and crawls it with
# kcrawl, the asyncio crawler and Scrapy in turn. All traffic stays on 127.0.0.0/8.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"
work="$here/.work"
mkdir -p "$work"

say() { echo "bench: $*" >&2; }

for a in "$@"; do
  case "$a" in
    -h|--help) exec /usr/bin/python3 "$here/harness.py" --help ;;
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
  else
    args+=("$a")
  fi
done

install_missing() {
  local missing=()
  for pkg in python3 python3-aiohttp python3-lxml python3-scrapy time nginx libnginx-mod-http-echo \
             openjdk-17-jdk-headless; do
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
web_class="$root/testkit/target/classes/org/kcrawl/testkit/web/SyntheticWebMain.class"

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
  if [ ! -f "$web_class" ] || [ "$root/testkit/src/main/java/org/kcrawl/testkit/web/SyntheticWebMain.java" -nt "$web_class" ]; then
    say "building the synthetic web (./mvnw -q -B -DskipTests -pl testkit -am compile)"
    ./mvnw -q -B -DskipTests -pl testkit -am compile >&2
  fi
  local cpfile="$work/testkit.classpath"
  if [ ! -s "$cpfile" ] || [ "$root/testkit/pom.xml" -nt "$cpfile" ] || [ "$root/pom.xml" -nt "$cpfile" ]; then
    ./mvnw -q -B -pl testkit dependency:build-classpath -Dmdep.includeScope=runtime \
      -Dmdep.outputFile="$cpfile" >&2
  fi
  web_cp="$root/testkit/target/classes:$root/common/target/classes:$(cat "$cpfile")"
}

install_missing
build
exec /usr/bin/python3 "$here/harness.py" --web-cp "$web_cp" --jar "$jar" \
  --command "bench/run.sh${*:+ $*}" "${args[@]}"
